/**
 * Job posts and reports under attack (docs/security.md, "Floods from a studio: moves, reports, job posts, shortlists"): a restored job is
 * not hidden again by one report, reports and posts are rated, a studio's open jobs are capped.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LIMITS, type JobPost } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { MSG } from '../../../contract/messages.js';
import { jobReports, jobs } from '../../db/schema/index.js';
import { buildPerformer, newAddress, performerInput, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

const adminInput = performerInput();
let t: TestApp;
let admin: Performer;

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, remoteAddress = newAddress()) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress });

/** Open jobs of a studio written straight to the table: the set-up, not what is tested. */
async function jobsOf(studio: StudioAccount, n: number, status: 'open' | 'closed' = 'open'): Promise<string[]> {
  if (n === 0) return [];
  const rows = await t.ctx.db
    .insert(jobs)
    .values(Array.from({ length: n }, (_, i) => ({ studioId: studio.studioId, title: `Set-up job ${i}`, jobType: 'Short film', status })))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

const openJobs = async (studio: StudioAccount) =>
  (await t.ctx.db.select({ n: count() }).from(jobs).where(and(eq(jobs.studioId, studio.studioId), eq(jobs.status, 'open'))))[0]!.n;
const reportsBy = async (who: Performer) => (await t.ctx.db.select({ n: count() }).from(jobReports).where(eq(jobReports.userId, who._id)))[0]!.n;
const report = (jobId: string, who: { token: string }, remoteAddress?: string) => call('POST', `/api/jobs/${jobId}/report`, who.token, { reason: 'Asks for money' }, remoteAddress);

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: adminInput.email });
  admin = await buildPerformer(t, adminInput);
});
afterAll(async () => {
  await t.close();
});

describe('reports after an admin restore', () => {
  it('needs three new reports from different accounts to hide a restored job again; one is not enough', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Restored Studio' });
    const [jobId] = await jobsOf(studio, 1);
    const first = await Promise.all([buildPerformer(t), buildPerformer(t), buildPerformer(t)]);
    for (const who of first) expect((await report(jobId!, who)).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/jobs/${jobId}/restore`, admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${jobId}`)).statusCode).toBe(200);

    // The attack: one more report after the restore used to hide the job again at once.
    const fresh = await Promise.all([buildPerformer(t), buildPerformer(t), buildPerformer(t)]);
    expect((await report(jobId!, fresh[0]!)).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${jobId}`)).statusCode).toBe(200);
    // Those who reported before the restore have spent their report.
    const again = await report(jobId!, first[0]!);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: MARKET_MSG.alreadyReported });
    expect((await report(jobId!, fresh[1]!)).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${jobId}`)).statusCode).toBe(200);
    expect((await report(jobId!, fresh[2]!)).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);

    // The console still shows every reason, spent or not.
    const reports = (await call('GET', '/api/admin/reports', admin.token)).json() as { reports: { job: { _id: string }; reasons: unknown[] }[] };
    expect(reports.reports.find((r) => r.job._id === jobId)?.reasons).toHaveLength(6);
  });

  it('three reports sent together after a restore still hide the job (the count and the hide are one statement)', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Raced Studio' });
    const [jobId] = await jobsOf(studio, 1);
    expect((await call('POST', `/api/admin/jobs/${jobId}/restore`, admin.token)).statusCode).toBe(200);
    const three = await Promise.all([buildPerformer(t), buildPerformer(t), buildPerformer(t)]);
    const answers = await Promise.all(three.map((who) => report(jobId!, who)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await call('GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);
  });
});

describe('rating reports', () => {
  it(`answers 429 { msg } with Retry-After after ${JOB_LIMITS.reportsPerAccountPerHour} reports an hour from one account, and stores nothing more`, async () => {
    const studio = await buildStudioAccount(t, { fname: 'Swept Studio' });
    const ids = await jobsOf(studio, JOB_LIMITS.reportsPerAccountPerHour + 3);
    const sweeper = await buildPerformer(t);
    const answers = await Promise.all(ids.map((id) => report(id, sweeper)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(JOB_LIMITS.reportsPerAccountPerHour);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ msg: MSG.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reportsBy(sweeper)).toBe(JOB_LIMITS.reportsPerAccountPerHour);
    // Another account is not held back by this one.
    expect((await report(ids.at(-1)!, await buildPerformer(t))).statusCode).toBe(200);
  });

  it(`answers 429 after ${JOB_LIMITS.reportsPerAddressPerHour} reports an hour from one address, whatever the accounts`, async () => {
    const studio = await buildStudioAccount(t, { fname: 'Address Studio' });
    const perAccount = JOB_LIMITS.reportsPerAccountPerHour;
    const accounts = Math.ceil(JOB_LIMITS.reportsPerAddressPerHour / perAccount);
    // One job per report, so no job is hidden along the way.
    const ids = await jobsOf(studio, accounts * perAccount + 1);
    const address = newAddress();
    const people = await Promise.all(Array.from({ length: accounts + 1 }, () => buildPerformer(t)));
    const codes: number[] = [];
    for (const [k, who] of people.slice(0, accounts).entries())
      for (const id of ids.slice(k * perAccount, (k + 1) * perAccount)) codes.push((await report(id, who, address)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(JOB_LIMITS.reportsPerAddressPerHour);
    const last = people.at(-1)!;
    expect((await report(ids.at(-1)!, last, address)).statusCode).toBe(429);
    expect(await reportsBy(last)).toBe(0);
    expect((await report(ids.at(-1)!, last)).statusCode).toBe(200);
  });
});

describe('POST /api/studio/jobs limits', () => {
  it(`answers 429 { msg } with Retry-After after ${JOB_LIMITS.postsPerHour} posts an hour from one studio, and stores nothing more`, async () => {
    const studio = await buildStudioAccount(t, { fname: 'Looping Studio' });
    const codes: number[] = [];
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < JOB_LIMITS.postsPerHour + 5; i += 1) {
      const res = await call('POST', '/api/studio/jobs', studio.token, { title: `Loop ${i}`, jobType: 'Short film' });
      codes.push(res.statusCode);
      if (res.statusCode === 429) refused ??= res;
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(JOB_LIMITS.postsPerHour);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(refused!.json()).toMatchObject({ msg: MSG.tooManyRequests });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await openJobs(studio)).toBe(JOB_LIMITS.postsPerHour);
    // Another studio still posts.
    const other = await buildStudioAccount(t, { fname: 'Patient Studio' });
    expect((await call('POST', '/api/studio/jobs', other.token, { title: 'One', jobType: 'Short film' })).statusCode).toBe(201);
  });

  it(`keeps a studio at ${JOB_LIMITS.openJobsMax} open jobs, even with posts sent together; closing one makes room`, async () => {
    const studio = await buildStudioAccount(t, { fname: 'Busy Studio' });
    await jobsOf(studio, 10, 'closed');
    const [first] = await jobsOf(studio, JOB_LIMITS.openJobsMax - 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call('POST', '/api/studio/jobs', studio.token, { title: `Together ${i}`, jobType: 'Short film' })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ msg: MARKET_MSG.tooManyOpenJobs(JOB_LIMITS.openJobsMax) });
    expect(await openJobs(studio)).toBe(JOB_LIMITS.openJobsMax);

    expect((await call('POST', `/api/studio/jobs/${first}/close`, studio.token)).statusCode).toBe(200);
    const after = await call('POST', '/api/studio/jobs', studio.token, { title: 'Room again', jobType: 'Short film' });
    expect(after.statusCode).toBe(201);
    expect((after.json() as JobPost).title).toBe('Room again');
    expect(await openJobs(studio)).toBe(JOB_LIMITS.openJobsMax);
  });
});
