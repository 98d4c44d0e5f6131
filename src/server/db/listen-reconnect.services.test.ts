/**
 * The change feed's LISTEN connection on PostgreSQL: when the server ends it (a restart, a
 * failover, an administrator), the process must live on and listen again, however many
 * errors the dying connection still emits.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/postgres-database.js';
import { openDatabase, type Database } from './client.js';
import { rowsOf } from './raw.js';

let database: Database;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  database = await openDatabase({ kind: 'postgres', url: fresh.url });
}, 60_000);

afterAll(async () => {
  await database.close();
  await dropDatabase();
});

/** Ends every LISTEN connection to this database from the server's side. */
async function terminateListeners(): Promise<number> {
  const rows = await rowsOf<{ ended: boolean }>(
    database.db,
    sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`,
  );
  return rows.filter((r) => r.ended).length;
}

describe('the change feed on PostgreSQL', () => {
  it('listens again after the server ends its connection, twice in a row and once while it refuses connections, and the process keeps running', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    const live: boolean[] = [];
    const heard: string[] = [];
    const stop = await database.listen(['listen_reconnect_test'], (_channel, payload) => heard.push(payload), (isLive) => live.push(isLive));
    try {
      for (let round = 1; round <= 2; round++) {
        const lives = live.filter(Boolean).length;
        expect(await terminateListeners()).toBe(1);
        await expect.poll(() => live.filter(Boolean).length, { timeout: 15_000, interval: 100 }).toBe(lives + 1);
        await rowsOf(database.db, sql`select pg_notify('listen_reconnect_test', ${`round ${round}`})`);
        await expect.poll(() => heard, { timeout: 5_000 }).toContain(`round ${round}`);
      }
      // While the database refuses new connections, every attempt to listen again fails.
      const name = (await rowsOf<{ name: string }>(database.db, sql`select current_database() as name`))[0]!.name;
      const lives = live.filter(Boolean).length;
      // A database cannot refuse connections from inside itself: the server's own database does it.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${pg.escapeIdentifier(name)} with allow_connections false`);
        expect(await terminateListeners()).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 4_000));
      } finally {
        await admin.query(`alter database ${pg.escapeIdentifier(name)} with allow_connections true`);
        await admin.end();
      }
      await expect.poll(() => live.filter(Boolean).length, { timeout: 15_000, interval: 100 }).toBe(lives + 1);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await stop();
    }
  }, 60_000);
});
