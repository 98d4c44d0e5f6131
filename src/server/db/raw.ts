/** Raw statements through Drizzle's `execute`, which pg and PGlite answer alike. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A database or a transaction: anything that runs a raw statement. */
type Executes = Pick<Db, 'execute'>;

/** The rows of a raw statement: pg's and PGlite's Drizzle drivers both answer `{ rows }`. */
export async function rowsOf<T>(db: Executes, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Takes the advisory lock `name` for the rest of the transaction if nobody holds it, and
 * answers whether it did. Released with the transaction: no lock outlives a crashed instance.
 */
export async function tryTransactionLock(tx: Executes, name: string): Promise<boolean> {
  const [row] = await rowsOf<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext(${name})) as got`);
  return row?.got === true;
}
