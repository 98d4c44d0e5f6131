/**
 * Redis goes away under two instances that share it and one PostgreSQL (docs/faults.md):
 * rate-limited calls answer at once and still limit (counted in process meanwhile), a
 * message is accepted and reaches the streams of the instance it was posted on, and when
 * Redis is back every stream open on the other instance gets what it missed, each once,
 * without its client reconnecting. Redis is reached through a TCP proxy that the test
 * cuts and restores; the machine's Redis itself is never stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '../contract/conversations.js';
import { MSG } from '../contract/messages.js';
import { newAddress, type Performer } from '../../test/factories.js';
import { callAs, openEvents } from '../../test/message-factories.js';
import { startRedisProxyInstances, type RedisProxyInstances } from '../../test/redis-proxy-instances.js';
import type { StudioAccount } from '../../test/studio-factories.js';
import type { TcpProxy } from '../../test/tcp-proxy.js';
import type { TestApp } from '../../test/test-app.js';

let two: RedisProxyInstances;
let a: TestApp;
let b: TestApp;
let baseA = '';
let baseB = '';
let proxy: TcpProxy;
let performer: Performer;
let studio: StudioAccount;
let convo: ConversationView;
const streams: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  two = await startRedisProxyInstances('redis-outage');
  ({ a, b, baseA, baseB, proxy, performer, studio, convo } = two);
}, 60_000);

afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await two?.close();
});

const openOn = async (base: string, token: string) => {
  const s = await openEvents(`${base}/api/events`, { 'x-auth-token': token });
  streams.push(s);
  expect(s.res.status).toBe(200);
  return s;
};
const messageIds = (s: { events: { event: string; data: unknown }[] }) =>
  s.events.filter((e) => e.event === 'message').map((e) => (e.data as { message: MessageView }).message._id);
const timed = async <T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> => {
  const started = Date.now();
  const answer = await call();
  return { answer, ms: Date.now() - started };
};
/** Takes Redis away: every connection through the proxy is dropped and new ones are refused. */
const cutRedis = async () => {
  await proxy.cut();
  await expect.poll(() => !a.ctx.events.ready && !b.ctx.events.ready && a.ctx.limiter.sharedStoreDown, { timeout: 5000, interval: 20 }).toBe(true);
};
const restoreRedis = async () => {
  await proxy.restore();
  await expect.poll(() => a.ctx.events.ready && b.ctx.events.ready && !a.ctx.limiter.sharedStoreDown, { timeout: 15_000, interval: 50 }).toBe(true);
};

describe('a Redis outage', () => {
  it('rate-limited calls answer at once and are still limited, counted in process; a message is accepted and reaches this instance’s streams', async () => {
    const onA = await openOn(baseA, studio.token);
    await cutRedis();
    try {
      const address = newAddress();
      const contact = () =>
        a.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: address, payload: { email: 'outage@example.com', number: '9876543210', message: 'Is Redis down?' } });
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await timed(contact));
      expect(answers.map((x) => x.answer.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(Math.max(...answers.map((x) => x.ms))).toBeLessThan(1000);
      const refused = answers[5]!.answer;
      expect(refused.json()).toMatchObject({ msg: MSG.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const { answer: sent, ms } = await timed(() => callAs(a, 'POST', `/api/conversations/${convo._id}/messages`, performer.token, { text: 'sent while Redis is down' }));
      expect(sent.statusCode).toBe(201);
      expect(ms).toBeLessThan(2000);
      const id = (sent.json() as MessageView)._id;
      await onA.until(() => messageIds(onA).includes(id), 3000);

      const ready = await a.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', degraded: expect.arrayContaining(['rateLimits', 'liveEvents']) });
    } finally {
      await restoreRedis();
    }
    // Back on Redis: the limit is shared again, and the ready answer plain.
    await new Promise((r) => setTimeout(r, 1100)); // past the ready answer cached during the outage
    expect((await a.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('a stream open on the other instance gets every message sent meanwhile once Redis is back, each once and in order, without reconnecting', async () => {
    const onB = await openOn(baseB, studio.token);
    const before = (await callAs(a, 'POST', `/api/conversations/${convo._id}/messages`, performer.token, { text: 'before the outage' })).json() as MessageView;
    await onB.until(() => messageIds(onB).includes(before._id));

    await cutRedis();
    const missed: number[] = [];
    for (const text of ['during the outage 1', 'during the outage 2', 'during the outage 3']) {
      const sent = await callAs(a, 'POST', `/api/conversations/${convo._id}/messages`, performer.token, { text });
      expect(sent.statusCode).toBe(201);
      missed.push((sent.json() as MessageView)._id);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(messageIds(onB)).toEqual([before._id]);

    await restoreRedis();
    await onB.until(() => missed.every((id) => messageIds(onB).includes(id)), 10_000);
    const after = (await callAs(a, 'POST', `/api/conversations/${convo._id}/messages`, performer.token, { text: 'after the outage' })).json() as MessageView;
    await onB.until(() => messageIds(onB).includes(after._id));
    expect(onB.ended).toBe(false);
    expect(messageIds(onB)).toEqual([before._id, ...missed, after._id]);
  });
});
