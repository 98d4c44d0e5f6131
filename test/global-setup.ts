/**
 * Makes sure the install's migrated PGlite template exists (src/server/db/pglite-template.ts,
 * the one `npm start` uses), so every test file starts from it in a fraction of the time a
 * fresh initdb takes.
 */
import { writeTemplate } from '../src/server/db/pglite-template.js';
import { ensurePostgresTemplate } from './postgres-database.js';

export default async function setup() {
  await writeTemplate();
  // And on PostgreSQL a migrated template database that each file's database copies.
  if (process.env.TEST_DB === 'postgres') await ensurePostgresTemplate();
}
