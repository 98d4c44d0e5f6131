/**
 * Export and deletion with a casting office (docs/team.md, "Export and deletion"): a
 * member's export holds what it wrote; deleting the studio removes its members' logins and
 * tells each; a member who leaves stays named on what it did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioApplication } from '../../../contract/applications.js';
import { newApplicant, postJob } from '../../../../test/application-factories.js';
import { newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const applicant = (job: { _id: string }) => newApplicant(t, job);

describe('a member’s export', () => {
  let studio: StudioAccount;
  beforeAll(async () => {
    studio = await buildStudioAccount(t, { fname: 'Export Office' });
  });

  it('holds the member’s notes, ratings, messages and actions, and nothing the owner wrote', async () => {
    const asha = await addMember(t, studio, 'casting', 'Asha Rao');
    const job = await postJob(t, studio);
    const { performer, id } = await applicant(job);
    await call('PUT', `/api/studio/applications/${id}/review`, asha.token, { rating: 4, note: 'Asha’s note' });
    await call('PUT', `/api/studio/applications/${id}/review`, studio.token, { rating: 2, note: 'Owner’s note' });
    expect((await call('POST', `/api/studio/applications/${id}/status`, asha.token, { status: 'shortlisted' })).statusCode).toBe(200);
    const convo = await call('POST', '/api/conversations', asha.token, { with: performer._id, jobId: job._id });
    const conversationId = (convo.json() as { _id: string })._id;
    expect((await call('POST', `/api/conversations/${conversationId}/messages`, asha.token, { text: 'Asha writes' })).statusCode).toBe(201);
    expect((await call('POST', `/api/conversations/${conversationId}/messages`, studio.token, { text: 'Owner writes' })).statusCode).toBe(201);

    const res = await call('GET', '/api/me/export', asha.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const file = res.json() as { accountId: string; member: { email: string; role: string; studio: { fname: string } }; reviews: { note: string; rating: number }[]; messages: { text: string }[]; actions: { action: string; status: string }[] };
    expect(file.accountId).toBe(asha._id);
    expect(file.member).toMatchObject({ email: asha.email, role: 'casting', studio: { fname: 'Export Office' } });
    expect(file.reviews).toEqual([expect.objectContaining({ rating: 4, note: 'Asha’s note' })]);
    expect(file.messages.map((m) => m.text)).toEqual(['Asha writes']);
    expect(file.actions.map((a) => [a.action, a.status])).toEqual([
      ['note', 'applied'],
      ['move', 'shortlisted'],
    ]);
    expect(JSON.stringify(file)).not.toContain('Owner');

    // The owner's export is the account's, listing its members.
    const owner = (await call('GET', '/api/me/export', studio.token)).json() as { accountId: string; team: { members: { email: string }[] } };
    expect(owner.accountId).toBe(studio._id);
    expect(owner.team.members.map((m) => m.email)).toContain(asha.email);
  });

  it('a viewer may export its own; without a token it is 401', async () => {
    const vik = await addMember(t, studio, 'viewer', 'Vik Producer');
    const res = await call('GET', '/api/me/export', vik.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountId: vik._id, reviews: [], messages: [], actions: [] });
    expect((await call('GET', '/api/me/export')).statusCode).toBe(401);
  });
});

describe('leaving and deletion', () => {
  it('a removed member stays named on its moves, notes and ratings', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Leaving Office' });
    const asha = await addMember(t, studio, 'casting', 'Asha Rao');
    const job = await postJob(t, studio);
    const { id } = await applicant(job);
    expect((await call('POST', `/api/studio/applications/${id}/status`, asha.token, { status: 'shortlisted' })).statusCode).toBe(200);
    await call('PUT', `/api/studio/applications/${id}/review`, asha.token, { rating: 5, note: 'Great' });
    expect((await call('DELETE', `/api/studio/members/${asha._id}`, studio.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/studio/team/me', asha.token)).statusCode).toBe(401);
    const card = (await call('GET', `/api/studio/applications/${id}`, studio.token)).json() as StudioApplication;
    expect(card.history.find((h) => h.status === 'shortlisted')?.by).toEqual({ _id: asha._id, name: 'Asha Rao' });
    expect(card.reviews).toEqual([expect.objectContaining({ by: { _id: asha._id, name: 'Asha Rao' }, rating: 5, note: 'Great' })]);
    expect(card.ratingAverage).toBe(5);
  });

  it('deleting the studio removes its members’ logins, and each is told by e-mail', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Closing Office' });
    const asha = await addMember(t, studio, 'casting', 'Asha Rao');
    const vik = await addMember(t, studio, 'viewer', 'Vik Producer');
    // A member cannot delete the studio.
    const refused = await call('DELETE', '/api/me', asha.token, { password: asha.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'role_forbidden' });
    const since = t.sink.messages.length;
    const res = await call('DELETE', '/api/me', studio.token, { password: studio.password });
    expect(res.statusCode, res.body).toBe(200);
    for (const m of [asha, vik]) {
      const mail = await t.sink.waitFor(m.email, { since });
      expect(mail.subject).toBe('Closing Office closed its Audition account');
      expect(mail.text).toContain(`Hello ${m.name},`);
      expect((await call('GET', '/api/studio/team/me', m.token)).statusCode).toBe(401);
      const login = await call('POST', '/api/audition/login', undefined, { email: m.email, password: m.password });
      expect(login.statusCode).not.toBe(200);
    }
  });
});
