import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_LIMITS, TEAM_MSG } from '../../../contract/team-messages.js';
import { studioInvitations } from '../../db/schema/index.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember, invite } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Rao Casting' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

describe('invitations', () => {
  it('mails a one-use link; the invitee sets a name and password, logs in and acts for the studio', async () => {
    const { email, joinToken, mail, invitation } = await invite(t, studio, 'casting');
    expect(mail.subject).toContain('Rao Casting');
    expect((await call('GET', '/api/studio/members', studio.token)).json()).toContainEqual({ _id: invitation._id, email, name: '', role: 'casting', joinedAt: null });
    const info = await call('GET', `/api/studio/join/${joinToken}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ studio: { fname: 'Rao Casting' }, email, role: 'casting' });
    const join = await call('POST', `/api/studio/join/${joinToken}`, undefined, { name: 'Asha Rao', password: 'asha password 1' });
    expect(join.statusCode).toBe(201);
    // One use: the same link again is gone.
    expect((await call('POST', `/api/studio/join/${joinToken}`, undefined, { name: 'Asha Rao', password: 'asha password 1' })).statusCode).toBe(410);
    expect((await call('GET', `/api/studio/join/${joinToken}`)).json()).toMatchObject({ code: 'invitation_gone' });
    const login = await call('POST', '/api/audition/login', undefined, { email, password: 'asha password 1' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ _id: studio._id, role: 'studio' });
    const token = (login.json() as { token: string }).token;
    const me = await call('GET', '/api/studio/team/me', token);
    expect(me.json()).toMatchObject({ member: { name: 'Asha Rao', role: 'casting' }, studio: { _id: studio._id, fname: 'Rao Casting' } });
    // Acts for the studio: the studio's jobs are its jobs.
    const job = await call('GET', '/api/studio/jobs', token);
    expect(job.statusCode).toBe(200);
    const listed = (await call('GET', '/api/studio/members', studio.token)).json() as { email: string; name: string; role: string; joinedAt: string | null }[];
    expect(listed[0]).toMatchObject({ _id: studio._id, role: 'owner' });
    const asha = listed.find((m) => m.email === email);
    expect(asha).toMatchObject({ name: 'Asha Rao', role: 'casting' });
    expect(asha?.joinedAt).not.toBeNull();
  });

  it('answers 410 for an expired link and 404 for one never issued', async () => {
    const { joinToken, invitation } = await invite(t, studio, 'viewer');
    await t.ctx.db.update(studioInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(studioInvitations.id, invitation._id));
    expect((await call('GET', `/api/studio/join/${joinToken}`)).statusCode).toBe(410);
    const post = await call('POST', `/api/studio/join/${joinToken}`, undefined, { name: 'Late', password: 'late password 1' });
    expect(post.statusCode).toBe(410);
    expect(post.json()).toMatchObject({ code: 'invitation_gone', msg: TEAM_MSG.invitationGone });
    expect((await call('GET', '/api/studio/join/not-a-real-token-at-all')).statusCode).toBe(404);
  });

  it('"Send again" mails a new link and the old one stops working', async () => {
    const { email, joinToken, invitation } = await invite(t, studio, 'viewer');
    const since = t.sink.messages.length;
    expect((await call('POST', `/api/studio/members/${invitation._id}/resend`, studio.token)).statusCode).toBe(200);
    const again = await t.sink.waitFor(email, { since });
    const fresh = /\/join\/([A-Za-z0-9_-]+)/.exec(again.text)?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(joinToken);
    expect((await call('GET', `/api/studio/join/${joinToken}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/studio/join/${fresh}`)).statusCode).toBe(200);
  });

  it('answers 409 for an e-mail that already has an account, performer or studio, and for one already invited', async () => {
    const performer = await buildPerformer(t);
    const other = await buildStudioAccount(t);
    for (const email of [performer.email, other.email]) {
      const res = await call('POST', '/api/studio/members', studio.token, { email, role: 'viewer' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ msg: TEAM_MSG.emailHasAccount });
    }
    const { email } = await invite(t, studio, 'viewer');
    expect((await call('POST', '/api/studio/members', studio.token, { email, role: 'casting' })).statusCode).toBe(409);
  });

  it('refuses a bad role or e-mail with 400, and performers and members with 403', async () => {
    expect((await call('POST', '/api/studio/members', studio.token, { email: 'x@example.com', role: 'owner' })).statusCode).toBe(400);
    expect((await call('POST', '/api/studio/members', studio.token, { email: 'not an email', role: 'viewer' })).statusCode).toBe(400);
    const performer = await buildPerformer(t);
    expect((await call('POST', '/api/studio/members', performer.token, { email: 'y@example.com', role: 'viewer' })).statusCode).toBe(403);
    const casting = await addMember(t, studio, 'casting');
    const res = await call('POST', '/api/studio/members', casting.token, { email: 'z@example.com', role: 'viewer' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'role_forbidden' });
  });

  it('holds a studio to its member limit', async () => {
    const small = await buildStudioAccount(t);
    for (let i = 0; i < TEAM_LIMITS.maxMembers; i++) {
      expect((await call('POST', '/api/studio/members', small.token, { email: `full-${i}-${small._id}@example.com`, role: 'viewer' })).statusCode).toBe(201);
    }
    const over = await call('POST', '/api/studio/members', small.token, { email: `over-${small._id}@example.com`, role: 'viewer' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'team_full' });
  });
});

describe('roles and removal', () => {
  it('a role change holds on the member next call', async () => {
    const member = await addMember(t, studio, 'viewer');
    expect((await call('POST', '/api/studio/jobs', member.token, {})).json()).toMatchObject({ code: 'role_forbidden' });
    const changed = await call('PATCH', `/api/studio/members/${member._id}`, studio.token, { role: 'casting' });
    expect(changed.json()).toMatchObject({ _id: member._id, role: 'casting' });
    // Past the role check: the empty body is now refused for what it is.
    expect((await call('POST', '/api/studio/jobs', member.token, {})).statusCode).toBe(400);
  });

  it('removal ends the member sessions at once; the owner cannot be removed; another studio cannot touch them', async () => {
    const member = await addMember(t, studio, 'casting');
    const other = await buildStudioAccount(t);
    expect((await call('DELETE', `/api/studio/members/${member._id}`, other.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/studio/members/${member._id}`, other.token, { role: 'viewer' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/studio/members/${studio._id}`, studio.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/studio/jobs', member.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/studio/members/${member._id}`, studio.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/studio/jobs', member.token)).statusCode).toBe(401);
    const login = await call('POST', '/api/audition/login', undefined, { email: member.email, password: member.password });
    expect(login.statusCode).toBe(400);
    expect((await call('GET', '/api/studio/members', studio.token)).json()).not.toContainEqual(expect.objectContaining({ _id: member._id }));
  });

  it('a member logs out and changes its own password, never the studio', async () => {
    const member = await addMember(t, studio, 'viewer');
    const changed = await call('POST', '/api/me/password', member.token, { current: member.password, password: 'a new member pw 2' });
    expect(changed.statusCode).toBe(200);
    const token = (changed.json() as { token: string }).token;
    expect((await call('POST', '/api/audition/login', undefined, { email: studio.email, password: studio.password })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/studio/jobs', token)).statusCode).toBe(401);
    // The studio owner's own session is untouched.
    expect((await call('GET', '/api/studio/jobs', studio.token)).statusCode).toBe(200);
    // Deleting the account is the owner's.
    const viewer = await addMember(t, studio, 'viewer');
    expect((await call('DELETE', '/api/me', viewer.token, { password: viewer.password })).json()).toMatchObject({ code: 'role_forbidden' });
  });
});
