/**
 * A fresh, migrated database for one test file: PGlite from the migrated template,
 * or, when TEST_DB=postgres, a new database on TEST_DATABASE_URL dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client.js';

export const testEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export async function openTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') {
    const template = await readFile(inject('pgliteTemplate'));
    return openDatabase(
      { kind: 'pglite', dataDir: 'memory://', loadDataDir: new Blob([template]) },
      { migrate: false },
    );
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `audition_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
