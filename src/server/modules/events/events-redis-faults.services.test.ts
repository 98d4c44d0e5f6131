/**
 * Live events when Redis fails under two instances on one PostgreSQL (docs/faults.md, "Live
 * events across a reconnect" and "Redis outage"): events both instances wrote while Redis
 * was cut reach every stream once it is back, whichever instance's ids came first; a stream
 * opened during the outage gets nothing older than itself; and while Redis stalls a stream
 * still opens and /readyz says what is degraded. Redis is reached through a TCP proxy that
 * the test cuts, pauses and restores; the machine's Redis itself is never stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView } from '../../../contract/conversations.js';
import { callAs, openEvents } from '../../../../test/message-factories.js';
import { startRedisProxyInstances, type RedisProxyInstances } from '../../../../test/redis-proxy-instances.js';
import type { TestApp } from '../../../../test/test-app.js';

let two: RedisProxyInstances;
let a: TestApp;
let b: TestApp;
const streams: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  two = await startRedisProxyInstances('events-faults');
  ({ a, b } = two);
}, 60_000);

afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await two?.close();
});

const busesReady = () => expect.poll(() => a.ctx.events.ready && b.ctx.events.ready, { timeout: 15_000, interval: 50 }).toBe(true);
const openOn = async (base: string, token: string, headWithinMs?: number) => {
  const s = await openEvents(`${base}/api/events`, { 'x-auth-token': token }, { headWithinMs });
  streams.push(s);
  expect(s.res.status).toBe(200);
  return s;
};
const messageIds = (s: { events: { event: string; data: unknown }[] }) =>
  s.events.filter((e) => e.event === 'message').map((e) => (e.data as { message: MessageView }).message._id);
const post = async (app: TestApp, text: string) => {
  const sent = await callAs(app, 'POST', `/api/conversations/${two.convo._id}/messages`, two.performer.token, { text });
  expect(sent.statusCode).toBe(201);
  return (sent.json() as MessageView)._id;
};
const cutRedis = async () => {
  await two.proxy.cut();
  await expect.poll(() => !a.ctx.events.ready && !b.ctx.events.ready, { timeout: 5000, interval: 20 }).toBe(true);
};
const restoreRedis = async () => {
  await two.proxy.restore();
  await busesReady();
};

describe('live events when Redis fails', () => {
  it('events written on both instances while Redis was cut reach every stream once it is back, each once, even when the other instance’s ids are lower', async () => {
    const onA = await openOn(two.baseA, two.studio.token);
    const onB = await openOn(two.baseB, two.studio.token);
    const before = await post(a, 'before the cut');
    await onA.until(() => messageIds(onA).includes(before));
    await onB.until(() => messageIds(onB).includes(before));

    await cutRedis();
    // B's event gets the lower id; A's own stream writes A's at once, past B's.
    const fromB = await post(b, 'through B while Redis is cut');
    const fromA = await post(a, 'through A while Redis is cut');
    expect(fromB).toBeLessThan(fromA);
    await onA.until(() => messageIds(onA).includes(fromA));
    await onB.until(() => messageIds(onB).includes(fromB));

    await restoreRedis();
    await onA.until(() => messageIds(onA).includes(fromB), 10_000);
    await onB.until(() => messageIds(onB).includes(fromA), 10_000);
    const after = await post(b, 'after Redis is back');
    await onA.until(() => messageIds(onA).includes(after));
    await onB.until(() => messageIds(onB).includes(after));
    expect(messageIds(onA)).toEqual([before, fromA, fromB, after]);
    expect(messageIds(onB)).toEqual([before, fromB, fromA, after]);
    expect([onA.ended, onB.ended]).toEqual([false, false]);
  });

  it('a stream opened while Redis is away gets only what came after it, once Redis is back', async () => {
    const older = [await post(a, 'history 1'), await post(a, 'history 2')];
    await cutRedis();
    // Redis comes back stalled: connections are made, and nothing answers until it resumes.
    two.proxy.pause();
    await two.proxy.restore();
    let opening;
    try {
      opening = openOn(two.baseB, two.studio.token);
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      two.proxy.resume();
    }
    const opened = await opening;
    await busesReady();
    const after = await post(a, 'after Redis is back');
    await opened.until(() => messageIds(opened).includes(after));
    await new Promise((r) => setTimeout(r, 300));
    expect(messageIds(opened).filter((id) => older.includes(id))).toEqual([]);
    expect(messageIds(opened)).toEqual([after]);
  });

  it('while Redis stalls, a stream still opens and /readyz says live events and rate limits are degraded', async () => {
    two.proxy.pause();
    try {
      const onA = await openOn(two.baseA, two.studio.token, 5000);
      expect(onA.ended).toBe(false);
      const ready = await a.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', degraded: expect.arrayContaining(['rateLimits', 'liveEvents']) });
    } finally {
      two.proxy.resume();
    }
    await new Promise((r) => setTimeout(r, 2100)); // past the ready answer cached during the stall, and the limiter's pause
    expect((await b.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});
