/**
 * The casting office on two instances as separate processes on one PostgreSQL and one
 * Redis (docs/team.md): a member's stream held on B gets the event the owner's action
 * through A caused; removing a member through A ends its sessions at once on both, its
 * open stream included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../../../../test/app-process.js';
import { openEvents } from '../../../../test/message-factories.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { codeIn, startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink.js';
import { joinTokenIn } from '../../../../test/team-factories.js';

let a: AppProcess;
let b: AppProcess;
let sink: SmtpSink;
let dropDatabase: () => Promise<void>;
const streams: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  const database = await createPostgresDatabase();
  dropDatabase = database.drop;
  sink = await startSmtpSink();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_KEY_PREFIX: `audition-test-team-${Date.now()}:`,
    SMTP_URL: sink.url,
    JWT_SECRET: 'team-two-instances-secret-team-two-instances',
    SEED_DEMO: '0',
  };
  [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await Promise.all([a?.stop(), b?.stop()]);
  await sink?.close();
  await dropDatabase?.();
});

async function call<T>(app: AppProcess, method: string, path: string, token: string | null, json?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token) headers['x-auth-token'] = token;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${app.baseUrl}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function account(kind: 'performer' | 'studio'): Promise<{ token: string; _id: string; email: string }> {
  const input = { fname: `${kind} team`, email: `${kind}-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`, number: '9876543210', password: 'two instance pw' };
  const base = kind === 'studio' ? '/api/studio/web' : '/api/audition/web';
  expect((await call(a, 'POST', `${base}/signup`, null, input)).status).toBe(200);
  const otp = codeIn(await sink.waitFor(input.email));
  expect((await call(a, 'POST', `${base}/verify-otp`, null, { ...input, otp })).status).toBe(200);
  const login = (await call<{ token: string; _id: string }>(a, 'POST', '/api/audition/login', null, { email: input.email, password: input.password })).body;
  return { ...login, email: input.email };
}

/** Invites through A, joins and logs in through B: the member's own token. */
async function member(owner: { token: string }, role: 'casting' | 'viewer', name: string) {
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
});
