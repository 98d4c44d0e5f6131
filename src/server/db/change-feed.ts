/**
 * What changed in the database, as PostgreSQL announces it (NOTIFY from triggers, see
 * migration 0005), and the in-memory caches it keeps honest. Polled reads answer 304
 * from these caches without a query; any write, by any instance, drops the entry.
 * While the feed is not live (starting, or its connection lost) nothing is cached.
 */
import { LRUCache } from 'lru-cache';
import type { Database } from './client.js';

export const CHANNELS = { user: 'audition_user_changed', counter: 'audition_counter_changed' } as const;
type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export interface ChangeFeed {
  readonly live: boolean;
  subscribe(channel: Channel, onKey: (key: string) => void): void;
  /** Called whenever delivery starts or is lost: whatever was cached may be stale. */
  onReset(callback: () => void): void;
  /** Tells this instance's caches at once about its own write, before PostgreSQL's notification arrives. */
  announce(channel: Channel, key: string): void;
  close(): Promise<void>;
}

export async function createChangeFeed(database: Database): Promise<ChangeFeed> {
  const listeners = new Map<string, ((key: string) => void)[]>();
  const resets: (() => void)[] = [];
  let live = false;
  const stop = await database.listen(
    Object.values(CHANNELS),
    (channel, key) => listeners.get(channel)?.forEach((fn) => fn(key)),
    (isLive) => {
      live = isLive;
      resets.forEach((fn) => fn());
    },
  );
  return {
    get live() {
      return live;
    },
    subscribe(channel, onKey) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), onKey]);
    },
    onReset(callback) {
      resets.push(callback);
    },
    announce(channel, key) {
      listeners.get(channel)?.forEach((fn) => fn(key));
    },
    close: stop,
  };
}

export interface InvalidatedCache<V> {
  /**
   * The cached value, or `load()`'s, which is kept only if nothing changed while it loaded.
   * `load` may hand other keys' values it read on the way to `also`: they are kept on the same
   * terms (a member's token check reads its studio's in the same statement, plugins/auth.ts).
   */
  get(key: string, load: (also: (key: string, value: V) => void) => Promise<V | undefined>): Promise<V | undefined>;
  /** Drops one entry at once (the instance's own writes, before the notification arrives). */
  forget(key: string): void;
}

export function createInvalidatedCache<V>(feed: ChangeFeed, channel: Channel, maxEntries = 100_000): InvalidatedCache<V> {
  // The least recently used entry goes when full, so a burst of new keys never empties the cache.
  const entries = new LRUCache<string, V & {}>({ max: maxEntries });
  // Bumped by every invalidation: a load that saw one may have read the old row.
  let epoch = 0;
  const forget = (key: string) => {
    epoch += 1;
    entries.delete(key);
  };
  feed.subscribe(channel, forget);
  feed.onReset(() => {
    epoch += 1;
    entries.clear();
  });
  return {
    async get(key, load) {
      if (feed.live) {
        const hit = entries.get(key);
        if (hit !== undefined) return hit;
      }
      const before = epoch;
      const others: [string, V][] = [];
      const value = await load((otherKey, otherValue) => others.push([otherKey, otherValue]));
      if (feed.live && epoch === before) {
        if (value !== undefined) entries.set(key, value as V & {});
        for (const [otherKey, otherValue] of others) entries.set(otherKey, otherValue as V & {});
      }
      return value;
    },
    forget,
  };
}
