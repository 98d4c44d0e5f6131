/**
 * A Redis connection whose every command answers within REDIS_COMMAND_TIMEOUT_MS or fails,
 * for the stores that carry on in process while Redis is away: the rate limiter and the
 * account's stream count (docs/faults.md, "Redis outage"). No command waits in an offline
 * queue or for a reconnect; a failed one is answered by the caller's in-process fallback,
 * and Redis is then left alone for REDIS_BACKOFF_MS (a stalled Redis costs one timeout,
 * not one per call).
 */
import { Redis } from 'ioredis';

/** How long one Redis command may take before the in-process fallback answers instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failed command, Redis is left alone this long. */
const REDIS_BACKOFF_MS = 1000;

export interface BoundedRedis {
  readonly redis: Redis;
  /** Runs `shared` on Redis, or `fallback` when Redis is down, paused after a failure, or fails now. */
  either<T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T>;
  /** True while Redis is not connected or was paused after a failed command. */
  readonly down: boolean;
  close(): Promise<void>;
}

export function openBoundedRedis(url: string): BoundedRedis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    lazyConnect: false,
  });
  redis.on('error', () => {}); // reported by /readyz; the fallback answers meanwhile
  // Calls that come while the first connection is being made wait for it (at most its
  // timeout), so an instance that has just started counts with the others.
  let starting: Promise<unknown> | null = new Promise((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', resolve);
    setTimeout(resolve, 2000).unref();
  }).then(() => {
    starting = null;
  });
  let downUntil = 0;
  const down = () => redis.status !== 'ready' || Date.now() < downUntil;
  return {
    redis,
    async either(shared, fallback) {
      if (starting) await starting;
      if (down()) return fallback();
      try {
        return await shared();
      } catch {
        downUntil = Date.now() + REDIS_BACKOFF_MS;
        return fallback();
      }
    },
    get down() {
      return down();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
