/**
 * Caps on open events streams (docs/security.md, "Event streams, conversations and contact messages"): an account keeps its newest
 * five, and one client address holds at most 40 on an instance. The app trusts one proxy
 * hop, so each test chooses its client address with X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS, STREAM_REPLACED_EVENT } from '../../../contract/conversations.js';
import { MSG } from '../../../contract/messages.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { callAs, openEvents } from '../../../../test/message-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { publish } from './index.js';

let t: TestApp;
let base = '';
const streams: { close(): Promise<void> }[] = [];
type Stream = Awaited<ReturnType<typeof openEvents>>;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY_HOPS: '1' }, { heartbeatMs: 300 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await t.close();
});

const open = async (headers: Record<string, string>, query = ''): Promise<Stream> => {
  const s = await openEvents(`${base}/api/events${query}`, headers);
  streams.push(s);
  return s;
};

describe('open events streams per account', () => {
  it('a sixth stream of one token closes the oldest (told it was replaced); the newest five all stay live', async () => {
    const p = await buildPerformer(t);
    const from = newAddress();
    const opened: Stream[] = [];
    for (let i = 0; i < CONVERSATION_LIMITS.streamsPerAccount; i++) {
      // Both ways in count: the token header and a browser's ticket.
      if (i % 2 === 0) opened.push(await open({ 'x-auth-token': p.token, 'x-forwarded-for': from }));
      else {
        const { ticket } = (await callAs(t, 'POST', '/api/events/ticket', p.token)).json() as { ticket: string };
        opened.push(await open({ 'x-forwarded-for': from }, `?ticket=${ticket}`));
      }
    }
    for (const s of opened) expect(s.res.status).toBe(200);
    // Each one sent after the streams before it were counted.
    await new Promise((r) => setTimeout(r, 200));

    const sixth = await open({ 'x-auth-token': p.token, 'x-forwarded-for': from });
    expect(sixth.res.status).toBe(200);
    await opened[0]!.until(() => opened[0]!.ended, 5000);
    expect(opened[0]!.events.map((e) => e.event)).toEqual([STREAM_REPLACED_EVENT]);
    const live = [...opened.slice(1), sixth];
    expect(live.map((s) => s.ended)).toEqual([false, false, false, false, false]);
    await publish(t.ctx, p._id, { kind: 'notification', data: { n: 1 } });
    for (const s of live) await s.until(() => s.events.some((e) => e.event === 'notification'));

    // Sixty more, as the attack held: never more than five open at once.
    const more: Stream[] = [];
    for (let i = 0; i < 60; i++) more.push(await open({ 'x-auth-token': p.token, 'x-forwarded-for': from }));
    const all = [...live, ...more];
    for (const s of all.slice(0, -CONVERSATION_LIMITS.streamsPerAccount)) await s.until(() => s.ended, 5000);
    await new Promise((r) => setTimeout(r, 300));
    expect(all.filter((s) => !s.ended)).toHaveLength(CONVERSATION_LIMITS.streamsPerAccount);
    expect(all.slice(-CONVERSATION_LIMITS.streamsPerAccount).every((s) => !s.ended)).toBe(true);
  });

  it('another account’s streams are not touched', async () => {
    const [a, b] = await Promise.all([buildPerformer(t), buildPerformer(t)]);
    const from = newAddress();
    const bStream = await open({ 'x-auth-token': b.token, 'x-forwarded-for': from });
    for (let i = 0; i < CONVERSATION_LIMITS.streamsPerAccount + 2; i++) await open({ 'x-auth-token': a.token, 'x-forwarded-for': from });
    await new Promise((r) => setTimeout(r, 300));
    expect(bStream.ended).toBe(false);
  });
});

describe('open events streams per client address', () => {
  it('refuses the 41st stream from one address with 429 { msg } and Retry-After; another address opens; a closed one frees its place', async () => {
    const from = newAddress();
    const accounts = await Promise.all(
      Array.from({ length: CONVERSATION_LIMITS.streamsPerAddress / CONVERSATION_LIMITS.streamsPerAccount + 1 }, () => buildPerformer(t)),
    );
    const held: Stream[] = [];
    for (const p of accounts.slice(0, -1)) {
      for (let i = 0; i < CONVERSATION_LIMITS.streamsPerAccount; i++) held.push(await open({ 'x-auth-token': p.token, 'x-forwarded-for': from }));
    }
    expect(held.every((s) => s.res.status === 200)).toBe(true);
    const last = accounts.at(-1)!;
    const refused = await fetch(`${base}/api/events`, { headers: { 'x-auth-token': last.token, 'x-forwarded-for': from } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ msg: MSG.tooManyRequests });
    // None of the address's streams was closed to make room.
    expect(held.filter((s) => s.ended)).toHaveLength(0);

    const elsewhere = await open({ 'x-auth-token': last.token, 'x-forwarded-for': newAddress() });
    expect(elsewhere.res.status).toBe(200);

    await held[0]!.close();
    await new Promise((r) => setTimeout(r, 300));
    const again = await open({ 'x-auth-token': last.token, 'x-forwarded-for': from });
    expect(again.res.status).toBe(200);
  });
});
