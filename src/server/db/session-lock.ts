/**
 * Session advisory locks that say a process is alive: one holds its lock on a connection of
 * its own for as long as it runs, and PostgreSQL releases it the moment that connection
 * ends, which a killed process's does at once. Another instance asks whether the lock is
 * free to learn that the process is gone (docs/faults.md, "Uploads").
 */
import { sql } from 'drizzle-orm';
import { keepConnection } from './kept-connection.js';
import { rowsOf } from './raw.js';
import type { Db } from './client.js';

type Executes = Pick<Db, 'execute'>;

/**
 * Takes the lock (`space`, `name`) on its own connection and keeps it, taking it again
 * whenever the connection drops (1 s later, then up to 5 s apart). Answers the release.
 */
export function holdSessionLock(url: string, space: string, name: string): Promise<() => Promise<void>> {
  return keepConnection(url, {
    setUp: async (client) => {
      await client.query('select pg_advisory_lock(hashtext($1), hashtext($2))', [space, name]);
    },
  });
}

/**
 * Whether nobody holds the lock (`space`, `name`): taken and given back in one statement,
 * so on the same connection, and never kept.
 */
export async function isSessionLockFree(db: Executes, space: string, name: string): Promise<boolean> {
  const [row] = await rowsOf<{ free: boolean }>(
    db,
    sql`select case when pg_try_advisory_lock(hashtext(${space}), hashtext(${name}))
                    then pg_advisory_unlock(hashtext(${space}), hashtext(${name})) else false end as free`,
  );
  return row?.free === true;
}
