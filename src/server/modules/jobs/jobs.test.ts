import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LIMITS, todayUtc, type BoardAnswer, type JobPost, type OwnJob } from '../../../contract/jobs.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { applications, jobs, maintenanceRuns } from '../../db/schema/index.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, uploadImage, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { runDeadlineSweep } from './deadline-sweep.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let performer: Performer;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: 'jobs-admin@example.com' });
  [studio, rival, performer] = await Promise.all([buildStudioAccount(t, { fname: 'Board Studio' }), buildStudioAccount(t), buildPerformer(t)]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const inDays = (n: number) => todayUtc(new Date(Date.now() + n * 86_400_000));
const post = async (body: Record<string, unknown>, who: StudioAccount = studio) => {
  const res = await call('POST', '/api/studio/jobs', who.token, { title: 'Lead dancer', jobType: 'Music video', ...body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as JobPost;
};

describe('studio job calls', () => {
  it('posts a job with every field and two images, and lists it with its applicant counts', async () => {
    const images = [await uploadImage(t, studio.token), await uploadImage(t, studio.token)];
    const body = {
      title: 'Lead role in a feature film',
      jobType: 'Feature film',
      description: 'We are casting the lead.',
      images,
      profession: 'Actor',
      gender: 'Female',
      ageMin: 20,
      ageMax: 30,
      location: 'Mumbai',
      pay: '₹10,000 a day',
      deadline: inDays(10),
    };
    const res = await call('POST', '/api/studio/jobs', studio.token, body);
    expect(res.statusCode).toBe(201);
    const job = res.json() as JobPost;
    expect(job).toMatchObject({ ...body, studioId: studio.studioId, status: 'open' });
    const list = (await call('GET', '/api/studio/jobs', studio.token)).json() as { jobs: OwnJob[] };
    expect(list.jobs[0]).toMatchObject({ _id: job._id, hidden: false, applicants: { total: 0, byStatus: {} } });
    // The spec's alljobs and the board show it.
    expect((await call('GET', `/api/studio/alljobs/${studio.studioId}`)).json().post[0]).toMatchObject({ _id: job._id, jobType: 'Feature film', images });
    expect((await call('GET', `/api/jobs/${job._id}`)).json()).toMatchObject({ ...body, studio: { _id: studio.studioId, fname: 'Board Studio', verified: false } });
  });

  it('fills defaults for the optional fields', async () => {
    const job = await post({});
    expect(job).toMatchObject({ description: '', images: [], profession: 'Any', gender: 'Any', ageMin: 0, ageMax: 0, deadline: null, pay: '' });
  });

  it('edits, closes and deletes its own job; another studio gets 404', async () => {
    const job = await post({ title: 'To edit' });
    for (const [method, url, body] of [
      ['PATCH', `/api/studio/jobs/${job._id}`, { title: 'Stolen' }],
      ['POST', `/api/studio/jobs/${job._id}/close`, undefined],
      ['DELETE', `/api/studio/jobs/${job._id}`, undefined],
    ] as const) {
      const res = await call(method, url, rival.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const edited = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { title: 'Edited', ageMax: 40 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Edited', ageMax: 40, jobType: 'Music video' });
    const closed = await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect((await call('POST', `/api/studio/jobs/${job._id}/close`, studio.token)).json()).toMatchObject({ status: 'closed' });
    expect((await call('GET', `/api/studio/alljobs/${studio.studioId}`)).json().post.map((p: JobPost) => p._id)).not.toContain(job._id);
    expect((await call('GET', `/api/jobs/${job._id}`)).json()).toMatchObject({ status: 'closed' });
    expect((await call('DELETE', `/api/studio/jobs/${job._id}`, studio.token)).statusCode).toBe(204);
    expect((await call('GET', `/api/jobs/${job._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/studio/jobs/${job._id}`, studio.token)).statusCode).toBe(404);
  });

  it('refuses to delete a job someone applied to (409) and counts applicants by status', async () => {
    const job = await post({ title: 'Applied to' });
    await t.ctx.db.insert(applications).values({ jobId: job._id, performerId: performer._id });
    const res = await call('DELETE', `/api/studio/jobs/${job._id}`, studio.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: MARKET_MSG.jobHasApplicants });
    const list = (await call('GET', '/api/studio/jobs', studio.token)).json() as { jobs: OwnJob[] };
    expect(list.jobs.find((j) => j._id === job._id)?.applicants).toMatchObject({ total: 1, byStatus: { applied: 1 } });
  });

  it('refuses bad input with 400 naming the field and stores nothing', async () => {
    const foreign = await uploadImage(t, rival.token);
    const own = await uploadImage(t, studio.token);
    const [before] = await t.ctx.db.select({ n: jobs.id }).from(jobs).where(eq(jobs.studioId, studio.studioId));
    const countBefore = (await t.ctx.db.select().from(jobs)).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: undefined }, /Title/],
      [{ title: '' }, /Title/],
      [{ title: 7 }, /Title/],
      [{ title: 'x'.repeat(121) }, /Title/],
      [{ jobType: undefined }, /Job type/],
      [{ description: 'x'.repeat(4001) }, /Description/],
      [{ profession: 'Astronaut' }, /Profession/],
      [{ gender: 'Robot' }, /Gender/],
      [{ ageMin: -1 }, /Age from/],
      [{ ageMin: 2.5 }, /Age from/],
      [{ ageMax: '30' }, /Age to/],
      [{ ageMin: 40, ageMax: 30 }, /Age from/],
      [{ deadline: inDays(-1) }, /Deadline/],
      [{ deadline: '2030-02-31' }, /Deadline/],
      [{ deadline: 'soon' }, /Deadline/],
      [{ images: [foreign] }, /Images/],
      [{ images: 'one.png' }, /Images/],
      [{ images: Array(11).fill(own) }, /Images/],
      [{ images: Array(JOB_LIMITS.imagesMax + 1).fill(own) }, /Images/],
      [{ pay: 'x'.repeat(101) }, /Pay/],
      [{ salary: 5 }, /salary/],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/studio/jobs', studio.token, { title: 'Ok', jobType: 'Ok', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toMatch(field);
    }
    expect((await t.ctx.db.select().from(jobs)).length).toBe(countBefore);
    void before;
    const job = await post({ ageMin: 20, ageMax: 30 });
    const patch = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { ageMin: 35 });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().msg).toMatch(/Age from/);
    expect((await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { status: 'closed' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/studio/jobs/not-a-uuid', studio.token, { title: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/jobs/${job._id}`)).json()).toMatchObject({ ageMin: 20 });
  });
});

describe('GET /api/jobs', () => {
  it('lists open jobs newest first with filters in any letter case, and pages with a cursor', async () => {
    const studioB = await buildStudioAccount(t, { fname: 'Filter Studio' });
    const a = await post({ title: 'Singer for jingle QZX', profession: 'Singer', gender: 'Female', location: 'Chennai, Tamil Nadu' }, studioB);
    const b = await post({ title: 'Anyone for crowd QZX', profession: 'Any', gender: 'Any', location: 'Chennai' }, studioB);
    const c = await post({ title: 'Male dancer QZX', profession: 'Dancer', gender: 'Male', location: 'Delhi' }, studioB);
    const closed = await post({ title: 'Closed QZX' }, studioB);
    await call('POST', `/api/studio/jobs/${closed._id}/close`, studioB.token);
    // A second apart, in the order posted: three posts can land in one millisecond of the clock.
    for (const [i, job] of [a, b, c].entries()) {
      await t.ctx.db.update(jobs).set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)) }).where(eq(jobs.id, job._id));
    }
    const ids = async (query: string) => ((await call('GET', `/api/jobs?${query}`)).json() as BoardAnswer).jobs.map((j) => j._id);
    expect(await ids('q=qzx')).toEqual([c._id, b._id, a._id]);
    expect(await ids('q=qzx&profession=Singer')).toEqual([b._id, a._id]);
    expect(await ids('q=qzx&gender=Male')).toEqual([c._id, b._id]);
    expect(await ids('q=qzx&location=CHENNAI')).toEqual([b._id, a._id]);
    expect(await ids('q=%25')).toEqual([]);
    const first = (await call('GET', '/api/jobs?q=qzx&profession=')).json() as BoardAnswer;
    expect(first.jobs[0]?.studio).toEqual({ _id: studioB.studioId, fname: 'Filter Studio', location: '', profilePic: '', verified: false });
    // Paging: more than one page of jobs, each exactly once.
    await t.ctx.db.insert(jobs).values(Array.from({ length: 45 }, (_, i) => ({ studioId: studioB.studioId, title: `Paged WQV ${i}`, jobType: 'Ad' })));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: BoardAnswer = (await call('GET', `/api/jobs?q=wqv${cursor ? `&cursor=${cursor}` : ''}`)).json();
      expect(page.jobs.length).toBeLessThanOrEqual(JOB_LIMITS.boardPage);
      seen.push(...page.jobs.map((j) => j._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(45);
    expect(new Set(seen).size).toBe(45);
  });

  it('answers the same JSON compressed or not, and the next read after a write shows it (answers cached by version)', async () => {
    const owner = await buildStudioAccount(t, { fname: 'Cached Board Studio' });
    const job = await post({ title: 'Cached board JKV', description: 'A long shoot. '.repeat(120) }, owner);
    const read = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {}, remoteAddress: newAddress() });
    for (const url of ['/api/jobs?q=jkv', `/api/jobs/${job._id}`, `/api/studio/alljobs/${owner.studioId}`]) {
      const plain = await read(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      for (const encoding of ['br', 'gzip']) {
        // Twice: the second answer comes from the cached compressed bytes.
        for (let i = 0; i < 2; i++) {
          const packed = await read(url, `${encoding}, deflate`);
          expect(packed.headers['content-encoding'], url).toBe(encoding);
          const raw = encoding === 'br' ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload);
          expect(raw.toString(), url).toBe(plain.body);
        }
      }
    }
    // Writes through the app: the board, the job's page and the studio's list move on at once.
    await call('PATCH', `/api/studio/jobs/${job._id}`, owner.token, { title: 'Cached board JKV edited' });
    expect(((await read('/api/jobs?q=jkv')).json() as BoardAnswer).jobs.map((j) => j.title)).toEqual(['Cached board JKV edited']);
    expect((await call('POST', '/api/studio/me', owner.token, { fname: 'Renamed Board Studio' })).statusCode).toBe(200);
    expect((await read(`/api/jobs/${job._id}`)).json()).toMatchObject({ title: 'Cached board JKV edited', studio: { fname: 'Renamed Board Studio' } });
    await call('POST', `/api/studio/jobs/${job._id}/close`, owner.token);
    expect(((await read('/api/jobs?q=jkv')).json() as BoardAnswer).jobs).toEqual([]);
    expect((await read(`/api/studio/alljobs/${owner.studioId}`)).json()).toEqual({ post: [] });
    expect((await read(`/api/jobs/${job._id}`)).json()).toMatchObject({ status: 'closed' });
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['profession=Astronaut', /Profession/],
      ['gender=x', /Gender/],
      [`q=${'x'.repeat(101)}`, /Search/],
      ['cursor=nonsense', /page link/],
      ['colour=red', /colour/],
    ] as const) {
      const res = await call('GET', `/api/jobs?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg, query).toMatch(field);
    }
    expect((await call('GET', '/api/jobs/not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', '/api/jobs/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });
  // A cursor in the right shape whose date does not exist: JavaScript rolls it over, PostgreSQL refuses it.
  it.each(['2026-02-30T12:00:00.000000Z', '2025-02-29T12:00:00.000000Z', '2026-04-31T00:00:00.000000Z', '2026-01-01T24:00:00.000000Z', '0000-01-01T00:00:00.000000Z'])(
    'refuses a forged cursor dated %s with 400, not 500',
    async (at) => {
      const cursor = Buffer.from(`${at}_00000000-0000-4000-8000-000000000000`, 'utf8').toString('base64url');
      const res = await call('GET', `/api/jobs?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MARKET_MSG.invalidJobsCursor });
    },
  );
});

describe('POST /api/jobs/{id}/report', () => {
  it('takes one report per account; three accounts hide the job until an admin restores it', async () => {
    const job = await post({ title: 'Suspicious' });
    expect((await call('POST', `/api/jobs/${job._id}/report`, undefined, { reason: 'scam' })).statusCode).toBe(401);
    expect((await call('POST', `/api/jobs/${job._id}/report`, performer.token, { reason: '' })).statusCode).toBe(400);
    expect((await call('POST', `/api/jobs/${job._id}/report`, performer.token, { reason: 'x'.repeat(1001) })).json().msg).toMatch(/Reason/);
    expect((await call('POST', `/api/jobs/${job._id}/report`, performer.token, { reason: 'Asks for money' })).statusCode).toBe(200);
    expect((await call('POST', `/api/jobs/${job._id}/report`, performer.token, { reason: 'Again' })).statusCode).toBe(409);
    const second = await buildPerformer(t);
    expect((await call('POST', `/api/jobs/${job._id}/report`, second.token, { reason: 'Fake' })).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${job._id}`)).statusCode).toBe(200);
    expect((await call('POST', `/api/jobs/${job._id}/report`, rival.token, { reason: 'Fake' })).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${job._id}`)).statusCode).toBe(404);
    const board = (await call('GET', '/api/jobs?q=suspicious')).json() as BoardAnswer;
    expect(board.jobs).toEqual([]);
    expect((await call('GET', '/api/studio/jobs', studio.token)).json().jobs.find((j: OwnJob) => j._id === job._id)).toMatchObject({ hidden: true });
    expect((await call('POST', `/api/admin/jobs/${job._id}/restore`, performer.token)).statusCode).toBe(403);
    const admin = await buildPerformer(t, { email: 'jobs-admin@example.com' });
    expect((await call('POST', `/api/admin/jobs/${job._id}/restore`, admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/jobs/${job._id}`)).statusCode).toBe(200);
  });
});

describe('deadline sweep', () => {
  it('closes open jobs the day after their deadline, one run at a time, state in the database', async () => {
    const due = await post({ title: 'Due', deadline: inDays(0) });
    const later = await post({ title: 'Later', deadline: inDays(3) });
    const none = await post({ title: 'No deadline' });
    const tomorrow = new Date(Date.now() + 86_400_000);
    const result = await runDeadlineSweep(t.ctx.db, { now: tomorrow, force: true });
    expect(result).toMatchObject({ ran: true });
    const status = async (id: string) => (await t.ctx.db.select({ s: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.s;
    expect(await status(due._id)).toBe('closed');
    expect(await status(later._id)).toBe('open');
    expect(await status(none._id)).toBe('open');
    // Another instance a minute later finds it not due yet.
    expect(await runDeadlineSweep(t.ctx.db, { now: new Date(tomorrow.getTime() + 60_000) })).toEqual({ ran: false, reason: 'not_due' });
    const [run] = await t.ctx.db.select().from(maintenanceRuns);
    expect(run?.lastRunAt.getTime()).toBe(tomorrow.getTime());
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    expect(await runDeadlineSweep(t.ctx.db, { now: inAWeek })).toMatchObject({ ran: true });
    expect(await status(later._id)).toBe('closed');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the open job pages and the studio pages, not closed jobs', async () => {
    const open = await post({ title: 'In the sitemap' });
    const closed = await post({ title: 'Not in the sitemap' });
    await call('POST', `/api/studio/jobs/${closed._id}/close`, studio.token);
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'audition.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain(`<loc>http://audition.example/jobs/${open._id}</loc>`);
    expect(res.body).not.toContain(closed._id);
    expect(res.body).toContain(`<loc>http://audition.example/studio-detail/${studio.studioId}</loc>`);
  });
});
