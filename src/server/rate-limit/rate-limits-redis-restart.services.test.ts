/**
 * A rate limit across a Redis outage that ends with a Redis restarted without persistence
 * (docs/faults.md, "Redis outage"), on two instances: counts made before the outage carry
 * into each instance's own count, and when Redis is back with every count forgotten, the
 * instances' counts carry into it. So the limit is passed at most N times over (N = 2),
 * never once more per phase. Redis is reached through a TCP proxy the test cuts and
 * restores; the restart is its keys deleted while it is cut (the machine's Redis is never
 * stopped).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../contract/contact.js';
import { newAddress } from '../../../test/factories.js';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

let a: TestApp;
let b: TestApp;
let proxy: TcpProxy;
let direct: Redis;
const prefix = `audition-test-rl-restart-${Date.now()}:`;

beforeAll(async () => {
  const redis = new URL(process.env.REDIS_URL!);
  proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  const viaProxy = new URL(redis);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const env = { REDIS_URL: viaProxy.toString(), REDIS_KEY_PREFIX: prefix };
  a = await buildTestApp(env);
  b = await buildTestApp(env);
  direct = new Redis(process.env.REDIS_URL!);
}, 60_000);

afterAll(async () => {
  await proxy?.restore().catch(() => {});
  await a?.close();
  await b?.close();
  await proxy?.close();
  await direct?.quit();
});

const sharedUp = (up: boolean) =>
  expect.poll(() => !a.ctx.limiter.sharedStoreDown === up && !b.ctx.limiter.sharedStoreDown === up, { timeout: 15_000, interval: 50 }).toBe(true);

describe('a rate limit across a Redis restart', () => {
  it('one address is allowed at most twice the limit over two instances: counts before the outage hold in it, and counts of the outage hold after a restart', async () => {
    const address = newAddress();
    const contact = (app: TestApp) =>
      app.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: address, payload: { email: 'restart@example.com', number: '9876543210', message: 'Did Redis restart?' } });
    const allowed: Record<string, number> = {};
    const send = async (phase: string, app: TestApp, times: number) => {
      for (let i = 0; i < times; i++) {
        const { statusCode } = await contact(app);
        expect([200, 429]).toContain(statusCode);
        if (statusCode === 200) allowed[phase] = (allowed[phase] ?? 0) + 1;
      }
    };
    const limit = CONTACT_LIMITS.perMinute;

    await send('before', a, limit);
    expect(allowed.before).toBe(limit);

    await proxy.cut();
    await sharedUp(false);
    // A knows the shared count: nothing more. B heard nothing of it: its own count, up to the limit.
    await send('outageA', a, limit + 1);
    await send('outageB', b, limit + 1);
    expect(allowed.outageA).toBeUndefined();
    expect(allowed.outageB).toBe(limit);

    // Redis restarts without persistence: every count is gone.
    const keys = await direct.keys(`${prefix}*`);
    if (keys.length > 0) await direct.del(...keys);
    await proxy.restore();
    await sharedUp(true);
    await send('after', a, limit + 1);
    await send('after', b, limit + 1);
    expect(allowed.after).toBeUndefined();
    const total = Object.values(allowed).reduce((x, y) => x + y, 0);
    expect(total).toBe(2 * limit);
  });
});
