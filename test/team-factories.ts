/** Adds members to a studio's casting office through the real calls: invitation, the mailed link, join, login (docs/team.md). */
import type { TestApp } from './test-app.js';
import { newAddress } from './factories.js';
import type { ReceivedMail } from './smtp-sink.js';
import type { StudioAccount } from './studio-factories.js';

export interface TeamMember {
  _id: string;
  email: string;
  name: string;
  password: string;
  token: string;
  role: 'casting' | 'viewer';
}

let counter = 0;

/** The token of the `/join/{token}` link in an invitation e-mail. */
export function joinTokenIn(mail: ReceivedMail): string {
  const found = /\/join\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!found?.[1]) throw new Error(`no join link in: ${mail.text}`);
  return found[1];
}

export async function invite(t: TestApp, studio: StudioAccount, role: 'casting' | 'viewer', email?: string) {
  counter += 1;
  const address = email ?? `member-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const since = t.sink.messages.length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/studio/members',
    headers: { 'x-auth-token': studio.token },
    payload: { email: address, role },
    remoteAddress: newAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.body}`);
  const mail = await t.sink.waitFor(address, { since });
  return { invitation: res.json() as { _id: string }, email: address, joinToken: joinTokenIn(mail), mail };
}

export async function addMember(t: TestApp, studio: StudioAccount, role: 'casting' | 'viewer', name = `Member ${role} ${++counter}`): Promise<TeamMember> {
  const { email, joinToken } = await invite(t, studio, role);
  const password = 'member password 1';
  const join = await t.app.inject({ method: 'POST', url: `/api/studio/join/${joinToken}`, payload: { name, password }, remoteAddress: newAddress() });
  if (join.statusCode !== 201) throw new Error(`join failed: ${join.body}`);
  const login = await t.app.inject({ method: 'POST', url: '/api/audition/login', payload: { email, password }, remoteAddress: newAddress() });
  if (login.statusCode !== 200) throw new Error(`member login failed: ${login.body}`);
  const token = (login.json() as { token: string }).token;
  const me = await t.app.inject({ method: 'GET', url: '/api/studio/team/me', headers: { 'x-auth-token': token } });
  const _id = (me.json() as { member: { _id: string } }).member._id;
  return { _id, email, name, password, token, role };
}
