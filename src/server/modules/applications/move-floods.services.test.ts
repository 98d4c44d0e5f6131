/**
 * No floods across two instances on one PostgreSQL and one Redis (docs/applications.md,
 * "No floods"; docs/security.md, "Third pass"): a studio's moves sent to both instances at
 * once are counted together (60 a minute), and the performer gets one e-mail and one
 * unread notice for all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, APPLICATION_LIMITS } from '../../../contract/applications.js';
import { startAppProcess, type AppProcess } from '../../../../test/app-process.js';
import { performerInput } from '../../../../test/factories.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { codeIn, startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink.js';
import { openDatabase, type Database } from '../../db/client.js';
import { applications, jobs } from '../../db/schema/index.js';

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
    // One prefix for both instances: they share counts, and no earlier run's.
    REDIS_KEY_PREFIX: `audition-test-floods-${Date.now()}:`,
    SMTP_URL: sink.url,
    JWT_SECRET: 'no-floods-secret-no-floods-secret-0123',
    SEED_DEMO: '0',
    RATE_LIMIT_SCALE: '1',
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

/** Signs up (performer or studio), answers the mailed code, logs in. */
async function account(kind: 'audition' | 'studio') {
  const input = performerInput({ fname: kind === 'studio' ? 'Two Instance Studio' : 'Two Instance Performer' });
  expect((await call(a, `/api/${kind}/web/signup`, input)).status).toBe(200);
  const otp = codeIn(await sink.waitFor(input.email));
  const verified = await call(b, `/api/${kind}/web/verify-otp`, { ...input, otp });
  expect(verified.status).toBe(200);
  const { studioId } = (await verified.json()) as { studioId?: string };
  const login = await call(a, '/api/audition/login', { email: input.email, password: input.password });
  const { token, _id } = (await login.json()) as { token: string; _id: string };
  return { ...input, token, _id, studioId: studioId ?? '' };
}

const applicationMails = (email: string) => sink.messages.filter((m) => m.to === email.toLowerCase() && m.subject.startsWith('Your application to'));

describe('moves sent to two instances at once', () => {
  it('counts them together against 60 a minute, and tells the performer once by e-mail and once in the app', async () => {
    const [studio, performer] = await Promise.all([account('studio'), account('audition')]);
    const [job] = await database.db.insert(jobs).values({ studioId: studio.studioId, title: 'Shared role', jobType: 'Film' }).returning({ id: jobs.id });
    const [made] = await database.db.insert(applications).values({ jobId: job!.id, performerId: performer._id }).returning({ id: applications.id });
    const limit = APPLICATION_LIMITS.movesPerStudioPerMinute;
    const answers = await Promise.all(
      Array.from({ length: limit + 6 }, (_, i) =>
        call(i % 2 ? a : b, `/api/studio/applications/${made!.id}/status`, { status: Math.floor(i / 2) % 2 ? 'auditioning' : 'shortlisted' }, studio.token),
      ),
    );
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    expect(Number(answers.find((r) => r.status === 429)!.headers.get('retry-after'))).toBeGreaterThan(0);

    // Mails leave after each commit, from either instance: wait a moment for any that should not come.
    for (let waited = 0; waited < 10_000 && applicationMails(performer.email).length < 1; waited += 50) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1500));
    expect(applicationMails(performer.email)).toHaveLength(1);
    const bell = (await (await call(b, '/api/notifications', undefined, performer.token)).json()) as { unread: number; notifications: { text: string }[] };
    expect(bell.unread).toBe(1);
    expect([APP_MSG.notice('shortlisted', 'Shared role', studio.fname), APP_MSG.notice('auditioning', 'Shared role', studio.fname)]).toContain(bell.notifications[0]!.text);
  });
});
