/** Raw statements through Drizzle's `execute`, which pg and PGlite answer alike. */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A database or a transaction: anything that runs a raw statement. */
type Executes = Pick<Db, 'execute'>;

/** The rows of a raw statement: pg's and PGlite's Drizzle drivers both answer `{ rows }`. */
export async function rowsOf<T>(db: Executes, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
