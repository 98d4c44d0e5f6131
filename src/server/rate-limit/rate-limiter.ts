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
  /** True while a shared store (Redis) cannot be reached and hits are counted in this process. */
  readonly sharedStoreDown: boolean;
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
    sharedStoreDown: false,
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

/** How long one Redis command may take before the limiter counts in process instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failed command, Redis is left alone this long (a stalled Redis costs one timeout, not one per hit). */
const REDIS_BACKOFF_MS = 1000;

/**
 * Counts in Redis, and in process while Redis is down (docs/faults.md, "Redis outage"):
 * no command waits in an offline queue or for a reconnect, a command that takes longer than
 * REDIS_COMMAND_TIMEOUT_MS fails, and a failed command is answered by the in-process
 * counters. During an outage each instance counts its own hits against the whole limit.
 */
export function createRedisRateLimiter(url: string, keyPrefix = 'audition:'): RateLimiter {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    lazyConnect: false,
  });
  redis.on('error', () => {}); // reported by /readyz; the in-process counters answer meanwhile
  const inProcess = createMemoryRateLimiter();
  const prefix = `${keyPrefix}rl:`;
  // Hits that come while the first connection is being made wait for it (at most its
  // timeout), so an instance that has just started counts with the others.
  let starting: Promise<unknown> | null = new Promise((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', resolve);
    setTimeout(resolve, 2000).unref();
  }).then(() => {
    starting = null;
  });
  let downUntil = 0;
  /** Runs `shared` on Redis, or `fallback` when Redis is down or fails. */
  const either = async <T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (starting) await starting;
    if (redis.status !== 'ready' || Date.now() < downUntil) return fallback();
    try {
      return await shared();
    } catch {
      downUntil = Date.now() + REDIS_BACKOFF_MS;
      return fallback();
    }
  };
  return {
    get sharedStoreDown() {
      return redis.status !== 'ready' || Date.now() < downUntil;
    },
    hit(key, limit, windowSec) {
      const k = prefix + key;
      return either(
        async () => {
          const result = await redis.multi().incr(k).pexpire(k, windowSec * 1000, 'NX').pttl(k).exec();
          // exec answers null when the transaction was discarded, and an error per failed command.
          if (!result || result.some(([err]) => err)) throw new Error('rate limit not counted in Redis');
          const count = Number(result[0]![1]);
          const ttl = Number(result[2]![1]);
          return { ok: count <= limit, retryAfter: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowSec * 1000) / 1000)) };
        },
        () => inProcess.hit(key, limit, windowSec),
      );
    },
    count(key) {
      return either(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => inProcess.count(key),
      );
    },
    release(key) {
      // Only while the window lives: a DECR on an expired key would start one without an expiry.
      return either(
        async () => void (await redis.eval(RELEASE_SCRIPT, 1, prefix + key)),
        () => inProcess.release(key),
      );
    },
    async reset(key) {
      // Both: a window counted here during an outage must not outlive the reset either.
      await inProcess.reset(key);
      await either(
        async () => void (await redis.del(prefix + key)),
        async () => {},
      );
    },
    async close() {
      await inProcess.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
