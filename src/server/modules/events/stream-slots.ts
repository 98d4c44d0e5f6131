/**
 * Which events streams each account holds open, on every instance: an account keeps its
 * newest `cap`, and opening one more closes its oldest wherever it is held
 * (docs/security.md, "Event streams, conversations and contact messages"). In process without REDIS_URL; with it, one sorted set per
 * account in Redis (ordered by when each stream opened) and a channel that tells every
 * instance which streams to close.
 */
import { Redis } from 'ioredis';
import { openBoundedRedis } from '../../adapters/bounded-redis.js';

export interface StreamSlots {
  /**
   * Counts a new stream of this account; answers the ids of the account's streams it
   * pushed out (the oldest beyond `cap`). Those held by another instance are closed there
   * through `onPushedOut`; the caller closes its own.
   */
  take(userId: string, streamId: string, cap: number): Promise<string[]>;
  /** The stream ended: it no longer counts. */
  release(userId: string, streamId: string): Promise<void>;
  /** Called with the ids of streams pushed out by any instance. */
  onPushedOut(listener: (streamIds: string[]) => void): void;
  close(): Promise<void>;
}

export function createMemoryStreamSlots(): StreamSlots {
  const byUser = new Map<string, string[]>();
  return {
    async take(userId, streamId, cap) {
      const open = byUser.get(userId) ?? [];
      open.push(streamId);
      byUser.set(userId, open);
      return open.length > cap ? open.splice(0, open.length - cap) : [];
    },
    async release(userId, streamId) {
      const open = byUser.get(userId);
      if (!open) return;
      const at = open.indexOf(streamId);
      if (at >= 0) open.splice(at, 1);
      if (open.length === 0) byUser.delete(userId);
    },
    // One process: `take` already answered every stream it pushed out.
    onPushedOut() {},
    async close() {},
  };
}

/**
 * One step, so streams opened together on two instances are counted in one order:
 * KEYS[1] the account's set (member: stream id, score: the order it opened in), KEYS[2]
 * the order counter; ARGV: stream id, cap, the set's lifetime in ms. Answers the ids
 * pushed out.
 */
const TAKE_SCRIPT = `
local n = redis.call('incr', KEYS[2])
redis.call('zadd', KEYS[1], n, ARGV[1])
redis.call('pexpire', KEYS[1], ARGV[3])
local over = redis.call('zcard', KEYS[1]) - tonumber(ARGV[2])
if over <= 0 then return {} end
local old = redis.call('zrange', KEYS[1], 0, over - 1)
redis.call('zrem', KEYS[1], unpack(old))
return old`;

/**
 * A stream that outlives this without a newer one of its account stops counting. The set
 * of an instance that died keeps its streams' ids until then; being the oldest, they are
 * the first pushed out by new streams, so they never keep the account from opening one.
 */
const SET_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * Counts in Redis, and in process while Redis is down or stalls: every command is bounded
 * as the rate limiter's are (adapters/bounded-redis.ts), so a stream never waits on Redis
 * to open; counted here, an account keeps its newest `cap` streams on this instance
 * (docs/faults.md, "Redis outage").
 */
export function createRedisStreamSlots(url: string, keyPrefix: string): StreamSlots {
  const shared = openBoundedRedis(url);
  const { redis: commands } = shared;
  const inProcess = createMemoryStreamSlots();
  // A connection in subscribe mode can run no other command: a second one only listens.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  subscriber.on('error', () => {});
  const channel = `${keyPrefix}streams:pushed-out`;
  const setOf = (userId: string) => `${keyPrefix}streams:${userId}`;
  const listeners: ((ids: string[]) => void)[] = [];
  const subscribed = subscriber.subscribe(channel);
  subscribed.catch(() => {});
  subscriber.on('message', (_channel: string, payload: string) => {
    let ids: unknown;
    try {
      ids = JSON.parse(payload);
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    const named = ids.filter((id): id is string => typeof id === 'string');
    for (const fn of listeners) fn(named);
  });
  return {
    take(userId, streamId, cap) {
      return shared.either(
        async () => {
          const out = (await commands.eval(TAKE_SCRIPT, 2, setOf(userId), `${keyPrefix}streams:order`, streamId, cap, SET_LIFETIME_MS)) as string[];
          // The count stands without the notice: a pushed-out stream held elsewhere then stays open, uncounted.
          if (out.length > 0) await commands.publish(channel, JSON.stringify(out)).catch(() => {});
          return out;
        },
        () => inProcess.take(userId, streamId, cap),
      );
    },
    async release(userId, streamId) {
      // Both: the stream was counted in one of them, and which is not kept.
      await inProcess.release(userId, streamId);
      await shared.either(
        async () => void (await commands.zrem(setOf(userId), streamId)),
        async () => {},
      );
    },
    onPushedOut(listener) {
      listeners.push(listener);
    },
    async close() {
      await subscribed.catch(() => {});
      await Promise.all([shared.close(), subscriber.quit().catch(() => subscriber.disconnect())]);
    },
  };
}

export const createStreamSlots = (env: { REDIS_URL?: string; REDIS_KEY_PREFIX: string }): StreamSlots =>
  env.REDIS_URL ? createRedisStreamSlots(env.REDIS_URL, env.REDIS_KEY_PREFIX) : createMemoryStreamSlots();
