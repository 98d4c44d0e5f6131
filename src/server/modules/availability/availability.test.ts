/** Availability (docs/talent.md, "Availability"; OFFICE.md §4): the performer's ranges, a job's shoot dates, conflicts and the search filter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITY_LIMITS, AVAILABILITY_MSG, type AvailabilityAnswer } from '../../../contract/availability.js';
import type { StudioApplication, StudioApplicationsAnswer } from '../../../contract/applications.js';
import type { TalentAnswer } from '../../../contract/talent.js';
import { addPhoto, givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const put = (p: Performer, unavailable: unknown) => call('PUT', '/api/audition/availability', p.token, { unavailable });

beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Shoot Studio' });
});
afterAll(async () => {
  await t.close();
});

describe('PUT/GET /api/audition/availability', () => {
  it('saves the whole list, earliest first, notes included, and GET answers it', async () => {
    const p = await buildPerformer(t);
    const empty = await call('GET', '/api/audition/availability', p.token);
    expect(empty.json()).toEqual({ unavailable: [] });
    const res = await put(p, [
      { from: '2027-03-10', to: '2027-03-12', note: '  Wedding ' },
      { from: '2027-03-03', to: '2027-03-03' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const want = { unavailable: [{ from: '2027-03-03', to: '2027-03-03', note: '' }, { from: '2027-03-10', to: '2027-03-12', note: 'Wedding' }] };
    expect(res.json()).toEqual(want);
    expect((await call('GET', '/api/audition/availability', p.token)).json()).toEqual(want);
    // A second save replaces the list.
    expect((await put(p, [])).json()).toEqual({ unavailable: [] });
  });

  it.each([
    [[{ from: '2027-03-05', to: '2027-03-04' }], AVAILABILITY_MSG.order],
    [[{ from: '2027-02-30', to: '2027-03-04' }], AVAILABILITY_MSG.day('From')],
    [[{ from: '1999-12-31', to: '2000-01-02' }], AVAILABILITY_MSG.tooEarly('From')],
    [[{ from: '2027-03-01', to: '2100-01-01' }], undefined],
    [[{ from: '2027-03-01', to: '2027-03-02', note: 'x'.repeat(AVAILABILITY_LIMITS.noteMax + 1) }], undefined],
    [Array.from({ length: AVAILABILITY_LIMITS.ranges + 1 }, () => ({ from: '2027-03-01', to: '2027-03-02' })), AVAILABILITY_MSG.tooMany(AVAILABILITY_LIMITS.ranges)],
    [[{ from: '2027-03-01', to: '2027-03-02', extra: 1 }], undefined],
  ])('refuses bad input %# with 400 { msg } and keeps the saved list', async (unavailable, msg) => {
    const p = await buildPerformer(t);
    await put(p, [{ from: '2027-01-01', to: '2027-01-02' }]);
    const res = await put(p, unavailable);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { msg: string };
    expect(typeof body.msg).toBe('string');
    if (msg) expect(body.msg).toBe(msg);
    expect(((await call('GET', '/api/audition/availability', p.token)).json() as AvailabilityAnswer).unavailable).toHaveLength(1);
  });

  it('takes 50 ranges; answers each performer only their own; studios and strangers are refused', async () => {
    const [a, b] = await Promise.all([buildPerformer(t), buildPerformer(t)]);
    const fifty = Array.from({ length: AVAILABILITY_LIMITS.ranges }, (_, i) => ({ from: `2027-04-${String((i % 28) + 1).padStart(2, '0')}`, to: '2027-05-01' }));
    expect((await put(a, fifty)).statusCode).toBe(200);
    expect(((await call('GET', '/api/audition/availability', b.token)).json() as AvailabilityAnswer).unavailable).toEqual([]);
    expect((await call('GET', '/api/audition/availability', studio.token)).statusCode).toBe(403);
    expect((await call('PUT', '/api/audition/availability', studio.token, { unavailable: [] })).statusCode).toBe(403);
    expect((await call('GET', '/api/audition/availability')).statusCode).toBe(401);
  });
});

describe('shoot dates and conflicts', () => {
  it('a job keeps its shoot dates; bad ones are 400', async () => {
    const job = await postJob(t, studio, { shootDates: [{ from: '2027-03-04', to: '2027-03-06' }] });
    expect(job.shootDates).toEqual([{ from: '2027-03-04', to: '2027-03-06' }]);
    const bad = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { shootDates: [{ from: '2027-03-06', to: '2027-03-04' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: AVAILABILITY_MSG.order, field: 'shootDates.0.to' });
    const many = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { shootDates: Array.from({ length: 11 }, () => ({ from: '2027-03-04', to: '2027-03-04' })) });
    expect(many.statusCode).toBe(400);
    const moved = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { shootDates: [{ from: '2027-03-07', to: '2027-03-07' }] });
    expect(moved.json()).toMatchObject({ shootDates: [{ from: '2027-03-07', to: '2027-03-07' }] });
  });

  it("the studio's applicant answers carry the overlapping ranges (edges included), never the notes", async () => {
    const job = await postJob(t, studio, { title: 'Shoot in March', shootDates: [{ from: '2027-03-04', to: '2027-03-06' }] });
    const p = await buildPerformer(t);
    await givePlan(t, p._id, 'Gold');
    const photo = await addPhoto(t, p);
    await put(p, [
      { from: '2027-03-01', to: '2027-03-03', note: 'Before: no clash' },
      { from: '2027-03-06', to: '2027-03-09', note: 'SECRET wedding' },
      { from: '2027-03-07', to: '2027-03-08', note: 'After: no clash' },
      { from: '2027-02-20', to: '2027-03-04', note: 'Touches the first day' },
    ]);
    const applied = await call('POST', `/api/jobs/${job._id}/apply`, p.token, { media: [photo] });
    expect(applied.statusCode, applied.body).toBe(201);
    const list = await call('GET', `/api/studio/jobs/${job._id}/applications`, studio.token);
    expect(list.statusCode, list.body).toBe(200);
    const [app] = (list.json() as StudioApplicationsAnswer).applications;
    expect(app!.conflicts).toEqual([
      { from: '2027-02-20', to: '2027-03-04' },
      { from: '2027-03-06', to: '2027-03-09' },
    ]);
    expect(list.body).not.toContain('SECRET');
    const card = await call('GET', `/api/studio/applications/${app!._id}`, studio.token);
    expect((card.json() as StudioApplication).conflicts).toEqual(app!.conflicts);
    expect(card.body).not.toContain('SECRET');
    // Free again: no conflict.
    await put(p, []);
    const after = await call('GET', `/api/studio/applications/${app!._id}`, studio.token);
    expect((after.json() as StudioApplication).conflicts).toEqual([]);
  });
});

describe('talent search by availability', () => {
  async function listed(fname: string): Promise<Performer> {
    const p = await buildPerformer(t, { fname });
    const res = await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'public' });
    expect(res.statusCode, res.body).toBe(200);
    return p;
  }
  /** A name word of this try alone: a retry (CI's) must not find the rows an earlier try wrote. */
  const runWord = () => `Availtest${Array.from({ length: 10 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`;
  let word = '';
  const search = async (query: string) => {
    const res = await call('GET', `/api/studio/talent?q=${word}&${query}`, studio.token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TalentAnswer).talent.map((c) => c._id).sort();
  };

  it('leaves out performers unavailable on any day between; the cache follows a change of ranges', async () => {
    word = runWord();
    const [busy, free, edge] = await Promise.all([listed(`${word} Busy`), listed(`${word} Free`), listed(`${word} Edge`)]);
    await put(busy, [{ from: '2027-06-03', to: '2027-06-04' }]);
    await put(free, [{ from: '2027-06-20', to: '2027-06-25' }]);
    await put(edge, [{ from: '2027-05-25', to: '2027-06-01' }]);
    expect(await search('')).toEqual([busy._id, edge._id, free._id].sort());
    expect(await search('availableFrom=2027-06-01&availableTo=2027-06-10')).toEqual([free._id]);
    expect(await search('availableFrom=2027-06-02&availableTo=2027-06-10')).toEqual([edge._id, free._id].sort());
    // One bound alone asks about that day.
    expect(await search('availableFrom=2027-06-04')).toEqual([edge._id, free._id].sort());
    expect(await search('availableFrom=&availableTo=')).toEqual([busy._id, edge._id, free._id].sort());
    // A new range moves the cached answer.
    await put(free, [{ from: '2027-06-10', to: '2027-06-10' }]);
    expect(await search('availableFrom=2027-06-02&availableTo=2027-06-10')).toEqual([edge._id]);
  });

  it.each(['availableFrom=2027-13-01', 'availableFrom=2027-06-05&availableTo=2027-06-01', 'availableTo=soon'])('refuses %s with 400 { msg }', async (query) => {
    const res = await call('GET', `/api/studio/talent?${query}`, studio.token);
    expect(res.statusCode).toBe(400);
    expect(typeof (res.json() as { msg: string }).msg).toBe('string');
  });
});
