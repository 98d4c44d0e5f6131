/**
 * The studio's hourly e-mail of new applicants with two instances on one PostgreSQL, each
 * with its own connections and its own mail server (docs/applications.md "The studio hears
 * of applicants"): both instances' background runners run the digest sweep at once, again
 * and again, while performers apply, and each job's digest leaves once, from one instance; the applicants counted in
 * the first and the next digest add up to everyone, none lost and none counted twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobPost } from '../../../contract/jobs.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { createRunner, type Logs, type Runner } from '../../background/runner.js';
import { openDatabase } from '../../db/client.js';
import { applicantDigestJob } from './index.js';

let a: TestApp;
let b: TestApp;
let dropDatabase: () => Promise<void>;
const quiet: Logs = { debug() {}, info() {}, warn() {}, error() {} };
/** The clock both instances' digest jobs read. */
let clock = new Date();
let runners: Runner[] = [];

beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  a = await buildTestApp({ PUBLIC_URL: 'https://audition.example' }, { database: await openDatabase({ kind: 'postgres', url: fresh.url }) });
  b = await buildTestApp({ PUBLIC_URL: 'https://audition.example' }, { database: await openDatabase({ kind: 'postgres', url: fresh.url }) });
  runners = [a, b].map((on, i) => {
    const runner = createRunner({ db: on.ctx.db, log: quiet, instanceId: `instance-${i}` });
    runner.add(applicantDigestJob(on.ctx, on.app.log, () => clock));
    return runner;
  });
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await dropDatabase?.();
});

async function applicant(): Promise<Performer> {
  const p = await buildPerformer(a);
  await givePlan(a, p._id, 'Gold');
  return p;
}
const apply = (on: TestApp, job: JobPost, who: Performer) =>
  on.app.inject({ method: 'POST', url: `/api/jobs/${job._id}/apply`, headers: { 'x-auth-token': who.token }, payload: { note: '' }, remoteAddress: newAddress() });

/** Every digest to this studio, from either instance's mail server. */
const digestsTo = (studio: StudioAccount) =>
  [...a.sink.messages, ...b.sink.messages].filter((m) => m.to === studio.email.toLowerCase() && /new applicants? for /.test(m.subject));
const countIn = (subject: string) => Number(/^(\d+) new applicant/.exec(subject)?.[1]);
/** Both instances asked for a pass at the same moment. */
const sweepOnBoth = () => Promise.all(runners.map((r) => r.runOnce('applicant-digest')));

describe('the applicant digest on two instances', () => {
  it('sends each job its digest once while both sweep at once and performers keep applying; the counts add up', async () => {
    const studio = await buildStudioAccount(a, { fname: 'Two Instance Studio' });
    const jobs = [await postJob(a, studio, { title: 'Role A' }), await postJob(a, studio, { title: 'Role B' })];
    const people = await Promise.all(Array.from({ length: 12 }, () => applicant()));
    const start = new Date();
    clock = start;
    // The first half have applied before the sweeps start.
    for (const [i, p] of people.slice(0, 6).entries()) expect((await apply(i % 2 ? b : a, jobs[i % 2]!, p)).statusCode).toBe(201);
    // The second half apply while both instances sweep, over and over, at the same moment.
    const sweeping = (async () => {
      const outcomes = [];
      for (let i = 0; i < 8; i++) outcomes.push(...(await sweepOnBoth()));
      return outcomes;
    })();
    const applies = people.slice(6).map((p, i) => apply(i % 2 ? a : b, jobs[i % 2]!, p));
    const [swept, applied] = await Promise.all([sweeping, Promise.all(applies)]);
    expect(applied.every((r) => r.statusCode === 201)).toBe(true);
    expect(swept.some((o) => o.ran)).toBe(true);
    expect(swept.filter((o) => o.ran && !o.ok)).toEqual([]);
    await sweepOnBoth();

    // Within the hour: one digest per job, however many runs on however many instances.
    const first = digestsTo(studio);
    expect(first.map((m) => m.subject.replace(/^\d+ new applicants? /, '')).sort()).toEqual(['for Role A', 'for Role B']);

    // An hour later, whoever was not yet counted is: everyone once, nobody twice.
    clock = new Date(start.getTime() + 61 * 60_000);
    await sweepOnBoth();
    await sweepOnBoth();
    const all = digestsTo(studio);
    for (const title of ['Role A', 'Role B']) {
      const forJob = all.filter((m) => m.subject.endsWith(`for ${title}`));
      expect(forJob.length).toBeLessThanOrEqual(2);
      expect(forJob.reduce((sum, m) => sum + countIn(m.subject), 0)).toBe(6);
    }
  });
});
