/**
 * A fresh, migrated database for one test file: PGlite from the migrated template,
 * or, when TEST_DB=postgres, a new database on TEST_DATABASE_URL dropped afterwards.
 */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { createPostgresDatabase } from './postgres-database.js';

export const testEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export async function openTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') {
    const template = await readFile(inject('pgliteTemplate'));
    return openDatabase(
      { kind: 'pglite', dataDir: 'memory://', loadDataDir: new Blob([template]) },
      { migrate: false },
    );
  }
  const fresh = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}
