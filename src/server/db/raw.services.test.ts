/**
 * The sweeps' advisory lock on PostgreSQL, where two instances' transactions really run at
 * once (PGlite has one connection, so it cannot show a lock held by someone else).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/postgres-database.js';
import { runEventsSweep } from '../modules/events/index.js';
import { openDatabase, type Database } from './client.js';
import { tryTransactionLock } from './raw.js';

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

/** Runs `inside` while another transaction holds the lock `name`; answers what it answered. */
async function whileHeld<T>(name: string, inside: () => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    expect(await tryTransactionLock(tx, name)).toBe(true);
    return inside();
  });
}

describe('tryTransactionLock', () => {
  it('refuses a lock another transaction holds, and gives it once that transaction ends', async () => {
    const refused = await whileHeld('audition:test-lock', () => database.db.transaction((tx) => tryTransactionLock(tx, 'audition:test-lock')));
    expect(refused).toBe(false);
    expect(await database.db.transaction((tx) => tryTransactionLock(tx, 'audition:test-lock'))).toBe(true);
  });

  it('lets only one instance run a sweep at a time', async () => {
    expect(await whileHeld('audition:events-sweep', () => runEventsSweep(database.db))).toEqual({ ran: false });
    expect(await runEventsSweep(database.db)).toEqual({ ran: true });
  });
});
