/**
 * Reads by id that arrive in the same turn of the event loop go to the database as one
 * statement: under load, the requests read off the sockets together share one round trip,
 * one row description and one plan (docs/performance.md, "A getUserData miss").
 */
import DataLoader from 'dataloader';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** At most this many ids in one statement. */
const MAX_BATCH = 100;

/** The batch sizes a statement is prepared for; a batch is padded to the next one up. */
const SIZES = [1, 2, 4, 8, 16, 32, 64, MAX_BATCH];

/** A prepared statement of a size: its placeholders are id0 … id(size - 1). */
interface SizedStatement<Row> {
  execute(params: Record<string, string>): Promise<Row[]>;
}

/**
 * A `readMany` for `batchedById` whose statement is prepared once per batch size (SIZES),
 * `column in ($1, …, $n)`, the batch padded by repeating its last id (a repeated id finds its
 * row once). PostgreSQL plans `id = any($1)` anew at every execution: its generic plan guesses
 * ten ids, costs more than the custom plan of a batch of four, and is never chosen, so each
 * statement paid its planning (about 0.12 ms, more than running it). A list of n placeholders
 * has a generic plan of the right size, which PostgreSQL keeps from the sixth execution on
 * (docs/performance.md, "A getUserData miss").
 */
export function readByIdsSized<Row>(prepare: (whereIdIn: (column: AnyColumn) => SQL, size: number) => SizedStatement<Row>): (ids: string[]) => Promise<Row[]> {
  const statements = new Map<number, SizedStatement<Row>>();
  return (ids) => {
    const size = SIZES.find((s) => s >= ids.length) ?? MAX_BATCH;
    let statement = statements.get(size);
    if (!statement) {
      const placeholders = Array.from({ length: size }, (_, i) => sql`${sql.placeholder(`id${i}`)}::uuid`);
      statement = prepare((column) => sql`${column} in (${sql.join(placeholders, sql`, `)})`, size);
      statements.set(size, statement);
    }
    const params: Record<string, string> = {};
    for (let i = 0; i < size; i++) params[`id${i}`] = ids[Math.min(i, ids.length - 1)]!;
    return statement.execute(params);
  };
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
