/**
 * No floods across two instances on one PostgreSQL and one Redis (docs/applications.md,
 * "No floods"; docs/security.md, "Floods from a studio: moves, reports, job posts, shortlists"): a studio's moves sent to both instances at
 * once are counted together (60 a minute), and the performer gets one e-mail and one
 * unread notice for all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, APPLICATION_LIMITS } from '../../../contract/applications.js';
import type { AppProcess } from '../../../../test/app-process.js';
import type { SmtpSink } from '../../../../test/smtp-sink.js';
import { accountOn, callInstance, startTwoInstances, type TwoInstances } from '../../../../test/two-instances.js';
import type { Database } from '../../db/client.js';
import { applications, jobs } from '../../db/schema/index.js';

let two: TwoInstances;
let a: AppProcess;
let b: AppProcess;
let sink: SmtpSink;
let database: Database;

beforeAll(async () => {
  two = await startTwoInstances('floods', { RATE_LIMIT_SCALE: '1' });
  ({ a, b, sink, database } = two);
}, 120_000);

afterAll(async () => {
  await two?.stop();
});

const call = callInstance;
const account = (kind: 'audition' | 'studio') => accountOn(two, kind, kind === 'studio' ? 'Two Instance Studio' : 'Two Instance Performer');

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
