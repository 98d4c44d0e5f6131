/**
 * Fixed-window counters for rate limits: in process by default, in Redis when
 * REDIS_URL is set so that every instance shares them. A hit counts and answers in one
 * step (Redis INCR, then compare), so requests sent together can never all pass one
 * check: see docs/security.md.
 */
import { openBoundedRedis } from '../adapters/bounded-redis.js';

export interface RateLimiter {
  /** Counts one hit on `key` and tells whether it is within `limit` per `windowSec`. */
  hit(key: string, limit: number, windowSec: number): Promise<{ ok: boolean; retryAfter: number }>;
  /** Hits counted on `key` in its current window, without counting one. */
  count(key: string): Promise<number>;
  /** Gives back one hit taken by `hit` (a reservation that turned out not to count). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** True while a shared store (Redis) cannot be reached and hits are counted in this process. */
  readonly sharedStoreDown: boolean;
  /** Asks the shared store once, as bounded as a hit; true without one. A failure counts as a failed hit. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** The in-process limiter, with what the Redis limiter keeps of each shared window. */
export interface MemoryRateLimiter extends RateLimiter {
  /** The live window of `key`, if any. */
  window(key: string): { count: number; resetAt: number } | undefined;
  /** Takes `count` as `key`'s count (what the shared store answered), in a window ending at `resetAt` when none is live. */
  learn(key: string, count: number, resetAt: number): void;
}

export function createMemoryRateLimiter(): MemoryRateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweptAt = Date.now();
  /** Forgets the windows that ended, at most once a minute, when a hit comes: no timer of its own. */
  const forgetEnded = (now: number) => {
    if (now - sweptAt < 60_000) return;
    sweptAt = now;
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  };
  const current = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > Date.now() ? w : undefined;
  };
  return {
    sharedStoreDown: false,
    reachable: async () => true,
    window: current,
    learn(key, count, resetAt) {
      forgetEnded(Date.now());
      const w = current(key);
      if (w) w.count = count;
      else windows.set(key, { count, resetAt });
    },
    async hit(key, limit, windowSec) {
      const now = Date.now();
      forgetEnded(now);
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
    async close() {},
  };
}

const RELEASE_SCRIPT = `if redis.call('pttl', KEYS[1]) > 0 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0`;

/**
 * One hit: KEYS[1] the window's counter, KEYS[2] its reset mark; ARGV[1] the fewest hits it
 * may hold after this one (the count this instance last had of the window, plus one),
 * ARGV[2] the window's lifetime in ms when it starts here. Answers the count and the
 * window's ms left. A count below the floor that was not reset is one a Redis restart
 * forgot (docs/faults.md, "Redis outage").
 */
const HIT_SCRIPT = `
local n = redis.call('incr', KEYS[1])
local floor = tonumber(ARGV[1])
if n < floor and redis.call('exists', KEYS[2]) == 0 then
  redis.call('set', KEYS[1], floor, 'KEEPTTL')
  n = floor
end
redis.call('pexpire', KEYS[1], ARGV[2], 'NX')
return {n, redis.call('pttl', KEYS[1])}`;

/** Forgets a window, and marks it reset for what was left of it, so no instance's floor brings it back. */
const RESET_SCRIPT = `
local left = redis.call('pttl', KEYS[1])
redis.call('del', KEYS[1])
if left > 0 then redis.call('set', KEYS[2], '1', 'PX', left) end`;

/**
 * Counts in Redis, and in process while Redis is down (docs/faults.md, "Redis outage"):
 * every command is bounded (adapters/bounded-redis.ts), and a failed one is answered by the
 * in-process counters. Those also keep the last count Redis gave for each window, so an
 * instance that loses Redis goes on from the shared count, and when Redis is back (even
 * restarted, with every count forgotten) its count starts from what the instance knew.
 * During an outage each instance counts its own hits on top of the shared count it last
 * saw, so N instances allow at most N times the limit in a window.
 */
export function createRedisRateLimiter(url: string, keyPrefix = 'audition:'): RateLimiter {
  const shared = openBoundedRedis(url);
  const { redis } = shared;
  const inProcess = createMemoryRateLimiter();
  const prefix = `${keyPrefix}rl:`;
  return {
    get sharedStoreDown() {
      return shared.down;
    },
    hit(key, limit, windowSec) {
      return shared.either(
        async () => {
          const known = inProcess.window(key);
          // Measured from before the call: the copy here ends no later than Redis's window.
          const sentAt = Date.now();
          const fresh = windowSec * 1000;
          const lifetime = known ? Math.max(1, known.resetAt - sentAt) : fresh;
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 2, prefix + key, `${prefix}reset:${key}`, (known?.count ?? 0) + 1, lifetime)) as [number, number];
          const left = ttl > 0 ? ttl : fresh;
          inProcess.learn(key, count, sentAt + left);
          return { ok: count <= limit, retryAfter: Math.max(1, Math.ceil(left / 1000)) };
        },
        () => inProcess.hit(key, limit, windowSec),
      );
    },
    count(key) {
      return shared.either(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => inProcess.count(key),
      );
    },
    async release(key) {
      await inProcess.release(key);
      // Only while the window lives: a DECR on an expired key would start one without an expiry.
      await shared.either(
        async () => void (await redis.eval(RELEASE_SCRIPT, 1, prefix + key)),
        async () => {},
      );
    },
    async reset(key) {
      // Both: a window counted here must not outlive the reset either.
      await inProcess.reset(key);
      await shared.either(
        async () => void (await redis.eval(RESET_SCRIPT, 2, prefix + key, `${prefix}reset:${key}`)),
        async () => {},
      );
    },
    reachable() {
      return shared.either(
        async () => (await redis.ping()) === 'PONG',
        async () => false,
      );
    },
    async close() {
      await inProcess.close();
      await shared.close();
    },
  };
}
