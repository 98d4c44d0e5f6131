/**
 * Reads by id that arrive in the same turn of the event loop go to the database as one
 * statement: under load, the requests read off the sockets together share one round trip,
 * one row description and one plan (docs/performance.md, "A getUserData miss").
 */
import DataLoader from 'dataloader';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** At most this many ids in one statement. */
const MAX_BATCH = 100;

/** The where clause of a prepared batch read: `column` is one of the uuids in the placeholder `ids`. */
export function idIsOneOf(column: AnyColumn): SQL {
  return sql`${column} = any(${sql.placeholder('ids')}::uuid[])`;
}

/**
 * `readMany` answers the rows of the ids it is given (in any order, missing ones left out);
 * the function returned reads one id, batched with every other read of the same turn.
 */
export function batchedById<Row extends { id: string }>(readMany: (ids: string[]) => Promise<Row[]>): (id: string) => Promise<Row | undefined> {
  const loader = new DataLoader<string, Row | undefined>(
    async (ids) => {
      const found = new Map((await readMany([...ids])).map((row) => [row.id, row]));
      return ids.map((id) => found.get(id));
    },
    {
      // Each caller wants the row as it is now; what may be kept is the caller's own cache's call.
      cache: false,
      // After the poll phase: every request that arrived in this turn has asked by then.
      batchScheduleFn: (run) => setImmediate(run),
      maxBatchSize: MAX_BATCH,
    },
  );
  return (id) => loader.load(id);
}
