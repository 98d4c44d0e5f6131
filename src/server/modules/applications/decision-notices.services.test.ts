/**
 * The notice of a final decision across two instances on one PostgreSQL (docs/applications.md,
 * "Undo and the notice outbox"): both run the decision-notice sweep (started in main.ts);
 * once the 30 s to undo have passed, the performer is told once, in the app and by e-mail.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, DECISION_MSG } from '../../../contract/applications.js';
import type { AppProcess } from '../../../../test/app-process.js';
import type { SmtpSink } from '../../../../test/smtp-sink.js';
import { accountOn, callInstance, startTwoInstances, type TwoInstances } from '../../../../test/two-instances.js';
import type { Database } from '../../db/client.js';
import { applications, decisionNotices, jobs } from '../../db/schema/index.js';

let two: TwoInstances;
let a: AppProcess;
let b: AppProcess;
let sink: SmtpSink;
let database: Database;
const METRICS_TOKEN = 'decision-notices-metrics-token-0123456789';

beforeAll(async () => {
  two = await startTwoInstances('decisions', { METRICS_TOKEN });
  ({ a, b, sink, database } = two);
}, 120_000);

afterAll(async () => {
  await two?.stop();
});

const call = callInstance;

/** The good decision-notice passes an instance has made, from its own /metrics. */
async function sweepsOn(instance: AppProcess): Promise<number> {
  const res = await fetch(`${instance.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith('background_job_runs_total{') && l.includes('job="decision-notices"') && l.includes('outcome="ok"'));
  return Number(line?.split(' ').at(-1) ?? 0);
}

/**
 * Waits until each instance has made two more passes of the sweep (every 2 s), so at least
 * one whole pass on each began after this call: instead of a fixed wait that only usually
 * covers them.
 */
async function twoMoreSweepsOnBoth() {
  const from = await Promise.all([a, b].map(sweepsOn));
  await expect
    .poll(async () => (await Promise.all([a, b].map(sweepsOn))).every((n, i) => n >= from[i]! + 2), { timeout: 20_000, interval: 100 })
    .toBe(true);
}
const account = (kind: 'audition' | 'studio') => accountOn(two, kind, kind === 'studio' ? 'Outbox Studio' : 'Outbox Performer');

describe('a decline decided on one instance', () => {
  it('is told once, by whichever instance claims it after its 30 s', async () => {
    const [studio, performer] = await Promise.all([account('studio'), account('audition')]);
    const [job] = await database.db.insert(jobs).values({ studioId: studio.studioId, title: 'Outbox role', jobType: 'Film' }).returning({ id: jobs.id });
    const [made] = await database.db.insert(applications).values({ jobId: job!.id, performerId: performer._id }).returning({ id: applications.id });
    const res = await call(a, `/api/studio/applications/${made!.id}/status`, { status: 'declined', reason: 'availability' }, studio.token);
    expect(res.status).toBe(200);
    // Both sweeps run every 2 s: in the window, neither tells.
    await twoMoreSweepsOnBoth();
    expect(sink.messages.filter((m) => m.to === performer.email.toLowerCase() && m.subject.startsWith('Your application to'))).toHaveLength(0);
    // The 30 s pass (the stored due time and window move back).
    await database.db.execute(sql`update decision_notices set due_at = now() - interval '1 second' where application_id = ${made!.id}::uuid`);
    await database.db.execute(sql`update applications set undo_until = now() - interval '1 second' where id = ${made!.id}::uuid`);
    for (let waited = 0; waited < 15_000; waited += 100) {
      if (sink.messages.some((m) => m.to === performer.email.toLowerCase() && m.subject === APP_MSG.mailSubject('declined', 'Outbox role'))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // More sweeps on both: nothing more comes.
    await twoMoreSweepsOnBoth();
    const mails = sink.messages.filter((m) => m.to === performer.email.toLowerCase() && m.subject === APP_MSG.mailSubject('declined', 'Outbox role'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(DECISION_MSG.reasonLine('availability'));
    const bell = (await (await call(b, '/api/notifications', undefined, performer.token)).json()) as { notifications: { text: string }[] };
    expect(bell.notifications.filter((n) => n.text === `${APP_MSG.notice('declined', 'Outbox role', studio.fname)} ${DECISION_MSG.reasonLine('availability')}`)).toHaveLength(1);
    const [row] = await database.db.select().from(decisionNotices).where(eq(decisionNotices.applicationId, made!.id));
    expect(row!.sentAt).not.toBeNull();
  }, 60_000);
});
