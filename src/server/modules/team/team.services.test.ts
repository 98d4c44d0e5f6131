/**
 * The casting office on two instances as separate processes on one PostgreSQL and one
 * Redis (docs/team.md): a member's stream held on B gets the event the owner's action
 * through A caused; removing a member through A ends its sessions at once on both, its
 * open stream included; and what B read of the studio with a member's call gives way at once
 * to the owner's changes through A.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from '../../../../test/app-process.js';
import { openEvents } from '../../../../test/message-factories.js';
import { joinTokenIn } from '../../../../test/team-factories.js';
import { accountOn, startTwoInstances, type TwoInstances } from '../../../../test/two-instances.js';

let two: TwoInstances;
const streams: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  two = await startTwoInstances('team');
}, 120_000);

afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await two?.stop();
});

/** A call with any method (removal is a DELETE), its JSON answer read. */
async function call<T>(app: AppProcess, method: string, path: string, token: string | null, json?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token) headers['x-auth-token'] = token;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${app.baseUrl}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const account = (kind: 'performer' | 'studio') => accountOn(two, kind === 'studio' ? 'studio' : 'audition', `${kind} team`);

/** Invites through A, joins and logs in through B: the member's own token. */
async function member(owner: { token: string }, role: 'casting' | 'viewer', name: string) {
  const { a, b, sink } = two;
  const email = `member-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  const since = sink.messages.length;
  const invited = await call<{ _id: string }>(a, 'POST', '/api/studio/members', owner.token, { email, role });
  expect(invited.status).toBe(201);
  const token = joinTokenIn(await sink.waitFor(email, { since }));
  expect((await call(b, 'POST', `/api/studio/join/${token}`, null, { name, password: 'member password 1' })).status).toBe(201);
  const login = await call<{ token: string }>(b, 'POST', '/api/audition/login', null, { email, password: 'member password 1' });
  expect(login.status).toBe(200);
  const me = await call<{ member: { _id: string } }>(b, 'GET', '/api/studio/team/me', login.body.token);
  return { token: login.body.token, _id: me.body.member._id };
}

const messageText = (e: { data: unknown }) => (e.data as { message?: { text?: string } }).message?.text;

describe('the casting office on two instances', () => {
  it('a member’s stream on B receives the event of the owner’s message sent through A; removal through A ends the member’s sessions on both at once', async () => {
    const { a, b } = two;
    const [studio, performer] = await Promise.all([account('studio'), account('performer')]);
    const order = await call<{ id: string }>(a, 'POST', '/api/payments/orders', performer.token, { plan: 'gold' });
    expect((await call(a, 'POST', `/api/payments/orders/${order.body.id}/capture`, performer.token, {})).status).toBe(200);
    const convo = await call<{ _id: string }>(a, 'POST', '/api/conversations', performer.token, { with: studio._id });
    expect(convo.status).toBe(201);
    const asha = await member(studio, 'casting', 'Asha Rao');

    const { ticket } = (await call<{ ticket: string }>(a, 'POST', '/api/events/ticket', asha.token, {})).body;
    const onB = await openEvents(`${b.baseUrl}/api/events?ticket=${ticket}`);
    streams.push(onB);
    expect(onB.res.status).toBe(200);
    expect((await call(a, 'POST', `/api/conversations/${convo.body._id}/messages`, studio.token, { text: 'Owner on A' })).status).toBe(201);
    await onB.until(() => onB.events.some((e) => messageText(e) === 'Owner on A'));

    // The member works on both instances, then the owner removes it through A.
    expect((await call(a, 'GET', '/api/studio/members', asha.token)).status).toBe(403);
    expect((await call(b, 'GET', '/api/studio/team/me', asha.token)).status).toBe(200);
    expect((await call(a, 'GET', '/api/studio/team/me', asha.token)).status).toBe(200);
    const removed = await call(a, 'DELETE', `/api/studio/members/${asha._id}`, studio.token);
    expect(removed.status).toBe(200);
    const at = Date.now();
    // Its next call is refused on both, at once (no cache left to wait out), and its stream on B ends.
    expect((await call(b, 'GET', '/api/studio/team/me', asha.token)).status).toBe(401);
    expect((await call(a, 'GET', '/api/studio/team/me', asha.token)).status).toBe(401);
    await onB.until(() => onB.ended, 5000);
    expect(Date.now() - at).toBeLessThan(5000);
    // The owner keeps working.
    expect((await call(b, 'GET', '/api/studio/team/me', studio.token)).status).toBe(200);
  });

  it('what a member’s call on B read of its studio gives way at once to the owner’s changes through A: a role change, a logout, a removal', async () => {
    const { a, b } = two;
    const studio = await account('studio');
    const ravi = await member(studio, 'casting', 'Ravi Iyer');
    // The member's first call on B reads the member and its studio (docs/team.md, "The permission check").
    expect((await call(b, 'GET', '/api/studio/team/me', ravi.token)).body).toMatchObject({ member: { role: 'casting' } });
    expect((await call(b, 'GET', '/api/studio/team/me', studio.token)).status).toBe(200);

    // A role change through A holds on B's next call.
    expect((await call(a, 'PATCH', `/api/studio/members/${ravi._id}`, studio.token, { role: 'viewer' })).status).toBe(200);
    expect((await call<{ code: string }>(b, 'POST', '/api/studio/jobs', ravi.token, {})).body).toMatchObject({ code: 'role_forbidden' });

    // The owner's logout through A ends its token on B, though B read the studio with the member.
    expect((await call(a, 'POST', '/api/auth/logout', studio.token, {})).status).toBe(200);
    expect((await call(b, 'GET', '/api/studio/team/me', studio.token)).status).toBe(401);
    // The member still works for the studio; the owner logs in again and removes it through A.
    expect((await call(b, 'GET', '/api/studio/team/me', ravi.token)).body).toMatchObject({ member: { _id: ravi._id, role: 'viewer' } });
    const again = await call<{ token: string }>(a, 'POST', '/api/audition/login', null, { email: studio.email, password: studio.password });
    expect(again.status).toBe(200);
    expect((await call(a, 'DELETE', `/api/studio/members/${ravi._id}`, again.body.token)).status).toBe(200);
    expect((await call(b, 'GET', '/api/studio/team/me', ravi.token)).status).toBe(401);
    expect((await call(b, 'GET', '/api/studio/team/me', again.body.token)).status).toBe(200);
  });
});
