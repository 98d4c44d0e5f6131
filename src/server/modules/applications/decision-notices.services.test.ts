/**
 * The notice of a final decision across two instances on one PostgreSQL (docs/applications.md,
 * "Undo and the notice outbox"): both run the decision-notice sweep (started in main.ts);
 * once the 30 s to undo have passed, the performer is told once, in the app and by e-mail.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, DECISION_MSG } from '../../../contract/applications.js';
import { startAppProcess, type AppProcess } from '../../../../test/app-process.js';
import { performerInput } from '../../../../test/factories.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { codeIn, startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink.js';
import { openDatabase, type Database } from '../../db/client.js';
import { applications, decisionNotices, jobs } from '../../db/schema/index.js';

let a: AppProcess;
let b: AppProcess;
let sink: SmtpSink;
let database: Database;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  sink = await startSmtpSink();
  const env = {
    DATABASE_URL: fresh.url,
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_KEY_PREFIX: `audition-test-decisions-${Date.now()}:`,
    SMTP_URL: sink.url,
    JWT_SECRET: 'decision-notice-secret-decision-0123',
    SEED_DEMO: '0',
  };
  [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 }, { migrate: false });
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await sink?.close();
  await dropDatabase?.();
});

async function call(app: AppProcess, path: string, json?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['x-auth-token'] = token;
  return fetch(`${app.baseUrl}${path}`, { method: json === undefined ? 'GET' : 'POST', headers, body: json === undefined ? undefined : JSON.stringify(json) });
}

async function account(kind: 'audition' | 'studio') {
  const input = performerInput({ fname: kind === 'studio' ? 'Outbox Studio' : 'Outbox Performer' });
  expect((await call(a, `/api/${kind}/web/signup`, input)).status).toBe(200);
  const otp = codeIn(await sink.waitFor(input.email));
  const verified = await call(b, `/api/${kind}/web/verify-otp`, { ...input, otp });
  expect(verified.status).toBe(200);
  const { studioId } = (await verified.json()) as { studioId?: string };
  const login = await call(a, '/api/audition/login', { email: input.email, password: input.password });
  const { token, _id } = (await login.json()) as { token: string; _id: string };
  return { ...input, token, _id, studioId: studioId ?? '' };
}

describe('a decline decided on one instance', () => {
  it('is told once, by whichever instance claims it after its 30 s', async () => {
    const [studio, performer] = await Promise.all([account('studio'), account('audition')]);
    const [job] = await database.db.insert(jobs).values({ studioId: studio.studioId, title: 'Outbox role', jobType: 'Film' }).returning({ id: jobs.id });
    const [made] = await database.db.insert(applications).values({ jobId: job!.id, performerId: performer._id }).returning({ id: applications.id });
    const res = await call(a, `/api/studio/applications/${made!.id}/status`, { status: 'declined', reason: 'availability' }, studio.token);
    expect(res.status).toBe(200);
    // Both sweeps run every 2 s: in the window, neither tells.
    await new Promise((r) => setTimeout(r, 4_500));
    expect(sink.messages.filter((m) => m.to === performer.email.toLowerCase() && m.subject.startsWith('Your application to'))).toHaveLength(0);
    // The 30 s pass (the stored due time and window move back).
    await database.db.execute(sql`update decision_notices set due_at = now() - interval '1 second' where application_id = ${made!.id}::uuid`);
    await database.db.execute(sql`update applications set undo_until = now() - interval '1 second' where id = ${made!.id}::uuid`);
    for (let waited = 0; waited < 15_000; waited += 100) {
      if (sink.messages.some((m) => m.to === performer.email.toLowerCase() && m.subject === APP_MSG.mailSubject('declined', 'Outbox role'))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // A few more sweeps on both: nothing more comes.
    await new Promise((r) => setTimeout(r, 5_000));
    const mails = sink.messages.filter((m) => m.to === performer.email.toLowerCase() && m.subject === APP_MSG.mailSubject('declined', 'Outbox role'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(DECISION_MSG.reasonLine('availability'));
    const bell = (await (await call(b, '/api/notifications', undefined, performer.token)).json()) as { notifications: { text: string }[] };
    expect(bell.notifications.filter((n) => n.text === `${APP_MSG.notice('declined', 'Outbox role', studio.fname)} ${DECISION_MSG.reasonLine('availability')}`)).toHaveLength(1);
    const [row] = await database.db.select().from(decisionNotices).where(eq(decisionNotices.applicationId, made!.id));
    expect(row!.sentAt).not.toBeNull();
  }, 60_000);
});
