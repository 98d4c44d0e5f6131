/**
 * The studio's applicant list in pages (docs/applications.md, "The applicant list in pages"):
 * `cursor` and `limit` page it in (created_at, id) order, `counts` gives the job's applicants
 * by status, and a caller that sends neither gets the first 500 as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, APPLICATION_LIMITS, APPLICATION_STATUSES, type ApplicationStatus, type StudioApplicationsAnswer } from '../../../contract/applications.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { inArray } from 'drizzle-orm';
import { applications, users } from '../../db/schema/index.js';
import { postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Paging Studio' }), buildStudioAccount(t, { fname: 'Other Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const list = (jobId: string, query = '', token = studio.token) =>
  t.app.inject({ method: 'GET', url: `/api/studio/jobs/${jobId}/applications${query}`, headers: { 'x-auth-token': token }, remoteAddress: newAddress() });

/** Status of the i-th seeded applicant: a mix, so every page's counts have more than one status. */
const statusOf = (i: number): ApplicationStatus => (['applied', 'viewed', 'shortlisted', 'declined'] as const)[i % 4]!;

/**
 * A job of the studio with `n` applicants written straight to the database; groups of three
 * share a created_at to the microsecond, so the cursor's tie-break on id is exercised.
 * Answers the job, its applications' ids in the list's order, and each one's status.
 */
async function crowdedJob(n: number, title: string, roleNames?: string[]): Promise<{ jobId: string; ids: string[]; statusById: Map<string, string>; roleIds: string[] }> {
  const job = await postJob(t, studio, { title, ...(roleNames ? { roles: roleNames.map((name) => ({ name })) } : {}) });
  const roleIds = (job as unknown as { roles: { _id: string }[] }).roles.map((r) => r._id);
  const tag = `${title.replace(/\W/g, '')}-${Date.now()}`;
  const performers = await t.ctx.db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ email: `crowd-${tag}-${i}@example.com`, fname: `Crowd ${i}`, passwordHash: 'not-a-login' })))
    .returning({ id: users.id });
  const base = Date.parse('2026-01-01T00:00:00Z');
  const rows = await t.ctx.db
    .insert(applications)
    .values(performers.map((p, i) => ({ jobId: job._id, performerId: p.id, status: statusOf(i), createdAt: new Date(base + Math.floor(i / 3) * 1000), ...(roleNames ? { roleId: roleIds[i % roleIds.length]! } : {}) })))
    .returning({ id: applications.id, createdAt: applications.createdAt, status: applications.status });
  const ids = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).map((r) => r.id);
  return { jobId: job._id, ids, statusById: new Map(rows.map((r) => [r.id, r.status])), roleIds };
}

const expectedCounts = (n: number, only?: (i: number) => boolean) => {
  const counts = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>;
  for (let i = 0; i < n; i++) if (!only || only(i)) counts[statusOf(i)]++;
  return counts;
};

/** Every page from the first, following nextCursor; answers the pages. */
async function allPages(jobId: string, query: string): Promise<StudioApplicationsAnswer[]> {
  const pages: StudioApplicationsAnswer[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(jobId, `?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as StudioApplicationsAnswer;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('GET /api/studio/jobs/{id}/applications in pages', () => {
  let crowd: Awaited<ReturnType<typeof crowdedJob>>;
  beforeAll(async () => {
    crowd = await crowdedJob(120, 'Crowded audition');
  });

  it('answers every applicant once, 50 a page in (created_at, id) order, ties included, with the counts on every page', async () => {
    const pages = await allPages(crowd.jobId, 'limit=50');
    expect(pages.map((p) => p.applications.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((p) => p.applications.map((a) => a._id))).toEqual(crowd.ids);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, false, true]);
    for (const page of pages) expect(page.counts).toEqual(expectedCounts(120));
  });

  it('pages by 50 when a cursor comes without a limit, and by the limit asked for', async () => {
    const first = (await list(crowd.jobId, '?limit=7')).json() as StudioApplicationsAnswer;
    expect(first.applications.map((a) => a._id)).toEqual(crowd.ids.slice(0, 7));
    const second = (await list(crowd.jobId, `?cursor=${first.nextCursor}`)).json() as StudioApplicationsAnswer;
    expect(second.applications.map((a) => a._id)).toEqual(crowd.ids.slice(7, 7 + APPLICATION_LIMITS.listPage));
  });

  it('pages one status, the counts still of every status', async () => {
    const pages = await allPages(crowd.jobId, 'status=viewed&limit=10');
    const viewed = crowd.ids.filter((id) => crowd.statusById.get(id) === 'viewed');
    expect(viewed).toHaveLength(30);
    expect(pages.flatMap((p) => p.applications.map((a) => a._id))).toEqual(viewed);
    expect(pages.flatMap((p) => p.applications.map((a) => a.status))).toEqual(viewed.map(() => 'viewed'));
    expect(pages.at(-1)!.counts).toEqual(expectedCounts(120));
  });

  it('answers the whole list as before to a caller that sends neither, with no next cursor and the counts', async () => {
    const res = await list(crowd.jobId);
    expect(res.statusCode).toBe(200);
    const body = res.json() as StudioApplicationsAnswer;
    expect(body.applications.map((a) => a._id)).toEqual(crowd.ids);
    expect(body.nextCursor).toBeNull();
    expect(body.counts).toEqual(expectedCounts(120));
  });

  it('answers the first 500 to a caller that sends neither, and a cursor to the rest', async () => {
    const big = await crowdedJob(APPLICATION_LIMITS.listMax + 3, 'Huge audition');
    const body = (await list(big.jobId)).json() as StudioApplicationsAnswer;
    expect(body.applications.map((a) => a._id)).toEqual(big.ids.slice(0, APPLICATION_LIMITS.listMax));
    expect(body.counts).toEqual(expectedCounts(APPLICATION_LIMITS.listMax + 3));
    const rest = (await list(big.jobId, `?cursor=${body.nextCursor}`)).json() as StudioApplicationsAnswer;
    expect(rest.applications.map((a) => a._id)).toEqual(big.ids.slice(APPLICATION_LIMITS.listMax));
    expect(rest.nextCursor).toBeNull();
  });

  it('answers an empty page and zero counts for a job without applicants', async () => {
    const job = await postJob(t, studio, { title: 'Quiet audition' });
    expect((await list(job._id, '?limit=50')).json()).toEqual({ applications: [], nextCursor: null, counts: expectedCounts(0), roleCounts: {} });
  });

  it.each([
    ['a cursor that is not one', '?cursor=not-a-cursor', APP_MSG.invalidApplicantsCursor],
    ['a cursor whose date does not exist', `?cursor=${Buffer.from('2026-02-30T12:00:00.000000Z_00000000-0000-4000-8000-000000000000').toString('base64url')}`, APP_MSG.invalidApplicantsCursor],
    ['a limit of 0', '?limit=0', APP_MSG.applicantsLimit(APPLICATION_LIMITS.listMax)],
    ['a limit above 500', '?limit=501', APP_MSG.applicantsLimit(APPLICATION_LIMITS.listMax)],
    ['a limit that is not a number', '?limit=ten', APP_MSG.applicantsLimit(APPLICATION_LIMITS.listMax)],
  ])('refuses %s with 400 and its message', async (_, query, msg) => {
    const res = await list(crowd.jobId, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg });
  });

  it('answers 404 for another studio’s job, with a cursor as without', async () => {
    const first = (await list(crowd.jobId, '?limit=5')).json() as StudioApplicationsAnswer;
    for (const query of ['', '?limit=5', `?cursor=${first.nextCursor}`]) {
      const res = await list(crowd.jobId, query, rival.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ msg: MARKET_MSG.jobNotFound });
    }
  });
});

/**
 * The board's pages (issue 51 item 3): newest first as the board asks, a cursor that holds
 * while applicants move between statuses, and the counts by status and by role that come
 * with every page (read in the page's own statement).
 */
describe('GET /api/studio/jobs/{id}/applications: the board’s pages, newest first, with counts by role', () => {
  let crowd: Awaited<ReturnType<typeof crowdedJob>>;
  beforeAll(async () => {
    crowd = await crowdedJob(120, 'Two-role audition', ['Lead', 'Chorus']);
  });
  const roleShare = (k: number) => (i: number) => i % 2 === k;

  it('pages newest first, 50 at a time, every applicant once across every status, with the counts by status and role on every page', async () => {
    const pages = await allPages(crowd.jobId, 'limit=50&order=newest');
    expect(pages.map((p) => p.applications.length)).toEqual([50, 50, 20]);
    const seen = pages.flatMap((p) => p.applications.map((a) => a._id));
    expect(new Set(seen).size).toBe(120);
    expect(seen).toEqual([...crowd.ids].reverse());
    expect(new Set(pages.flatMap((p) => p.applications.map((a) => a.status)))).toEqual(new Set(['applied', 'viewed', 'shortlisted', 'declined']));
    for (const page of pages) {
      expect(page.counts).toEqual(expectedCounts(120));
      expect(page.roleCounts).toEqual({ [crowd.roleIds[0]!]: 60, [crowd.roleIds[1]!]: 60 });
    }
  });

  it('keeps its place while applicants move between statuses: no one twice, no one missed', async () => {
    const job = await crowdedJob(120, 'Moving audition', ['Lead', 'Chorus']);
    const newest = [...job.ids].reverse();
    const first = (await list(job.jobId, '?limit=50&order=newest')).json() as StudioApplicationsAnswer;
    expect(first.applications.map((a) => a._id)).toEqual(newest.slice(0, 50));
    // Between pages, applicants on the page seen and on pages to come change status (a move, a withdrawal).
    const moved = [newest[3]!, newest[49]!, newest[50]!, newest[77]!, newest[119]!];
    await t.ctx.db.update(applications).set({ status: 'auditioning' }).where(inArray(applications.id, moved));
    let cursor = first.nextCursor;
    const rest: string[] = [];
    let last: StudioApplicationsAnswer | undefined;
    while (cursor) {
      last = (await list(job.jobId, `?limit=50&order=newest&cursor=${cursor}`)).json() as StudioApplicationsAnswer;
      rest.push(...last.applications.map((a) => a._id));
      cursor = last.nextCursor;
    }
    expect(rest).toEqual(newest.slice(50));
    expect(last!.counts.auditioning).toBe(moved.length);
    expect(Object.values(last!.counts).reduce((a, b) => a + b, 0)).toBe(120);
  });

  it('narrows the counts by status to the role asked for; the counts by role stay the job’s', async () => {
    const [lead, chorus] = crowd.roleIds as [string, string];
    const pages = await allPages(crowd.jobId, `limit=50&order=newest&roleId=${chorus}`);
    const everyone = (await allPages(crowd.jobId, 'limit=100&order=newest')).flatMap((p) => p.applications);
    expect(pages.flatMap((p) => p.applications.map((a) => a._id))).toEqual(everyone.filter((a) => a.role._id === chorus).map((a) => a._id));
    expect(pages.flatMap((p) => p.applications.map((a) => a.role._id))).toEqual(Array(60).fill(chorus));
    for (const page of pages) {
      expect(page.counts).toEqual(expectedCounts(120, roleShare(1)));
      expect(page.roleCounts).toEqual({ [lead]: 60, [chorus]: 60 });
    }
  });

  it('answers the counts with an empty page when the filter leaves nobody', async () => {
    const res = await list(crowd.jobId, '?limit=50&status=booked&order=newest');
    expect(res.statusCode).toBe(200);
    const body = res.json() as StudioApplicationsAnswer;
    expect(body.applications).toEqual([]);
    expect(body.nextCursor).toBeNull();
    expect(body.counts).toEqual(expectedCounts(120));
    expect(Object.values(body.roleCounts)).toEqual([60, 60]);
  });

  it.each([
    ['an order that is not one', '?order=rating', 'Order'],
    ['a malformed cursor', '?order=newest&cursor=bm90LWEtY3Vyc29y', APP_MSG.invalidApplicantsCursor],
  ])('refuses %s with 400 and a message saying so (a bad limit: above)', async (_, query, words) => {
    const res = await list(crowd.jobId, query);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { msg: string }).msg).toContain(words);
  });

  it('answers 404 to another studio, with or without a cursor, and 403 to a performer', async () => {
    const first = (await list(crowd.jobId, '?limit=5&order=newest')).json() as StudioApplicationsAnswer;
    for (const query of ['?order=newest', `?limit=5&order=newest&cursor=${first.nextCursor}`]) {
      const res = await list(crowd.jobId, query, rival.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ msg: MARKET_MSG.jobNotFound });
    }
    const performer = await buildPerformer(t);
    const refused = await list(crowd.jobId, '?limit=5&order=newest', performer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('applications');
  });
});
