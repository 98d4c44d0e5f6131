/** The Redis limiter: two instances (as two app processes would have) share one count. */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from './rate-limiter.js';

const url = process.env.REDIS_URL!;
const a = createRedisRateLimiter(url);
const b = createRedisRateLimiter(url);
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('Redis rate limiter', () => {
  it('counts hits from two instances against one limit', async () => {
    const key = `test:${randomBytes(6).toString('hex')}`;
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await a.hit(key, 5, 60)).ok, (await b.hit(key, 5, 60)).ok);
    expect(results).toEqual([true, true, true, true, true, false]);
    expect(await b.count(key)).toBe(6);
  });

  it('gives a Retry-After within the window and forgets after reset', async () => {
    const key = `test:${randomBytes(6).toString('hex')}`;
    await a.hit(key, 1, 30);
    const second = await b.hit(key, 1, 30);
    expect(second.ok).toBe(false);
    expect(second.retryAfter).toBeGreaterThan(0);
    expect(second.retryAfter).toBeLessThanOrEqual(30);
    await a.reset(key);
    expect((await b.hit(key, 1, 30)).ok).toBe(true);
  });

  it('of 50 hits at once from two instances against a limit of 5, exactly 5 pass', async () => {
    const key = `test:${randomBytes(6).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).hit(key, 5, 60)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await a.count(key)).toBe(50);
  });

  it('a released hit can be taken again; releasing a key with no window starts nothing', async () => {
    const key = `test:${randomBytes(6).toString('hex')}`;
    for (let i = 0; i < 3; i++) await a.hit(key, 3, 60);
    expect((await b.hit(key, 3, 60)).ok).toBe(false);
    await Promise.all([a.release(key), b.release(key)]);
    expect((await a.hit(key, 3, 60)).ok).toBe(true);
    const none = `test:${randomBytes(6).toString('hex')}`;
    await a.release(none);
    expect(await b.count(none)).toBe(0);
  });
});
