/**
 * The versions of the change counters (one per table whose answers are cached, bumped by
 * a statement trigger on every write), kept in memory while the change feed is live, so a
 * cached answer's key costs no query (docs/performance.md).
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { CHANNELS, createInvalidatedCache } from './change-feed.js';
import { changeCounters } from './schema/index.js';

/** The counters the triggers keep (migrations 0003, 0011 and 0019). */
export type CounterName = 'studios' | 'jobs' | 'performers';

export type CounterVersions = (name: CounterName) => Promise<number>;

export function createCounterVersions(ctx: Pick<AppContext, 'db' | 'changes'>): CounterVersions {
  const query = ctx.db
    .select({ version: changeCounters.version })
    .from(changeCounters)
    .where(eq(changeCounters.name, sql.placeholder('name')))
    .prepare('counter_version');
  const cache = createInvalidatedCache<number>(ctx.changes, CHANNELS.counter);
  return async (name) => (await cache.get(name, async () => (await query.execute({ name }))[0]?.version)) ?? 0;
}
