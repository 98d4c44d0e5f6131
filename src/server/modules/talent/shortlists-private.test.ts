/**
 * A performer who turns private after being shortlisted leaves the studio's shortlists
 * with their portfolio: the same visibility rule (docs/talent.md, "Who sees a performer";
 * docs/security.md, "Floods from a studio: moves, reports, job posts, shortlists").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shortlist, ShortlistsAnswer } from '../../../contract/talent.js';
import { postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { applications } from '../../db/schema/index.js';

let t: TestApp;
let studio: StudioAccount;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

async function listed(fname: string): Promise<{ p: Performer; list: Shortlist }> {
  const p = await buildPerformer(t, { fname });
  const saved = await call('POST', '/api/audition/updateAppearance', p.token, { fname, location: 'Kochi, Kerala', gender: 'Female', age: '27', height: '168 cm' });
  expect(saved.statusCode, saved.body).toBe(200);
  const list = (await call('POST', '/api/studio/shortlists', studio.token, { name: `List of ${fname}` })).json() as Shortlist;
  expect((await call('POST', `/api/studio/shortlists/${list._id}/members`, studio.token, { performerId: p._id })).statusCode).toBe(201);
  await call('PUT', `/api/studio/talent/${p._id}/review`, studio.token, { rating: 4, note: 'Strong read' });
  return { p, list };
}

const membersOf = async (listId: string) => {
  const res = await call('GET', '/api/studio/shortlists', studio.token);
  expect(res.statusCode).toBe(200);
  return (res.json() as ShortlistsAnswer).shortlists.find((l) => l._id === listId)!.members;
};

beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Shortlist Privacy Films' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/studio/shortlists and private performers', () => {
  it('leaves out a member who turned private, with their location, age and height, as the portfolio does', async () => {
    const { p, list } = await listed('Turned Private');
    expect((await membersOf(list._id)).map((m) => m.performer)).toEqual([expect.objectContaining({ _id: p._id, location: 'Kochi, Kerala' })]);

    expect((await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'private' })).statusCode).toBe(200);
    expect((await call('GET', `/api/talent/${p._id}`, studio.token)).statusCode).toBe(404);
    const res = await call('GET', '/api/studio/shortlists', studio.token);
    expect(res.body).not.toContain(p._id);
    expect(res.body).not.toContain('Kochi');
    expect(res.body).not.toContain('Strong read');
    expect(await membersOf(list._id)).toEqual([]);

    // Turning public again puts them back where they were: the membership was kept.
    await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'public' });
    expect((await membersOf(list._id)).map((m) => m.performer._id)).toEqual([p._id]);
  });

  it('keeps showing a private member who applied to one of the studio’s jobs, as the portfolio does', async () => {
    const { p, list } = await listed('Private Applicant');
    await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'private' });
    const job = await postJob(t, studio);
    await t.ctx.db.insert(applications).values({ jobId: job._id, performerId: p._id });
    expect((await call('GET', `/api/talent/${p._id}`, studio.token)).statusCode).toBe(200);
    expect((await membersOf(list._id)).map((m) => m.performer._id)).toEqual([p._id]);
  });

  it('leaves a member who turned private out of the studio’s export too, review included, as the shortlists do', async () => {
    const { p, list } = await listed('Private Exported');
    const before = await call('GET', '/api/me/export', studio.token);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain(p._id);

    await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'private' });
    const res = await call('GET', '/api/me/export', studio.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(p._id);
    const exported = (res.json() as { shortlistsAndReviews: { shortlists: { name: string; members: unknown[] }[] } }).shortlistsAndReviews;
    expect(exported.shortlists.find((l) => l.name === list.name)?.members).toEqual([]);
  });
});
