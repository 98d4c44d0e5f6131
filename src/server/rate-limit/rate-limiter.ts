/**
 * Fixed-window counters for rate limits: in process by default, in Redis when
 * REDIS_URL is set so that every instance shares them. A hit counts and answers in one
 * step (Redis INCR, then compare), so requests sent together can never all pass one
 * check: see docs/security.md.
 */
import { Redis } from 'ioredis';

export interface RateLimiter {
  /** Counts one hit on `key` and tells whether it is within `limit` per `windowSec`. */
  hit(key: string, limit: number, windowSec: number): Promise<{ ok: boolean; retryAfter: number }>;
  /** Hits counted on `key` in its current window, without counting one. */
  count(key: string): Promise<number>;
  /** Gives back one hit taken by `hit` (a reservation that turned out not to count). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > Date.now() ? w : undefined;
  };
  return {
    async hit(key, limit, windowSec) {
      const now = Date.now();
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now + windowSec * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return { ok: w.count <= limit, retryAfter: Math.ceil((w.resetAt - now) / 1000) };
    },
    async count(key) {
      return current(key)?.count ?? 0;
    },
    async release(key) {
      const w = current(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

const RELEASE_SCRIPT = `if redis.call('pttl', KEYS[1]) > 0 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0`;

export function createRedisRateLimiter(url: string, keyPrefix = 'audition:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => {}); // reported by /readyz; a failed hit below fails its call
  const prefix = `${keyPrefix}rl:`;
  return {
    async hit(key, limit, windowSec) {
      const k = prefix + key;
      const result = await redis.multi().incr(k).pexpire(k, windowSec * 1000, 'NX').pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowSec * 1000);
      return { ok: count <= limit, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async release(key) {
      // Only while the window lives: a DECR on an expired key would start one without an expiry.
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
