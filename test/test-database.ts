/**
 * A fresh, migrated database for one test file: PGlite from the install's migrated template,
 * or, when TEST_DB=postgres, a new database on TEST_DATABASE_URL dropped afterwards.
 */
import { openDatabase, type Database } from '../src/server/db/client.js';
import { readTemplate } from '../src/server/db/pglite-template.js';
import { createPostgresDatabase, postgresTemplateName } from './postgres-database.js';

export const testEngine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export async function openTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') {
    const template = await readTemplate();
    if (!template) throw new Error('no PGlite template: the global setup (test/global-setup.ts) makes it');
    return openDatabase({ kind: 'pglite', dataDir: 'memory://', loadDataDir: template }, { migrate: false });
  }
  // A copy of the migrated template the global setup keeps; opening it still checks its migrations.
  const fresh = await createPostgresDatabase({ template: postgresTemplateName() });
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}
