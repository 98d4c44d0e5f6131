/** A fresh PostgreSQL database on TEST_DATABASE_URL for one test file, dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { templateFile } from '../src/server/db/pglite-template.js';

/**
 * `template`: a database to copy (CREATE DATABASE … TEMPLATE), e.g. the migrated one the
 * global setup keeps (`postgresTemplate`): a copy is about half the time of migrating anew.
 */
export async function createPostgresDatabase(opts: { template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('This suite needs TEST_DATABASE_URL (PostgreSQL)');
  const name = `audition_test_${randomBytes(6).toString('hex')}`;
  const run = async (query: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(query);
    } finally {
      await admin.end();
    }
  };
  await run(opts.template ? `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(opts.template)}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The name of the migrated template database for this set of migrations (named by the same hash
 * as the PGlite template): a change of any migration makes a new one.
 */
export function postgresTemplateName(): string {
  const hash = /pglite-([0-9a-f]+)\.tar\.gz$/.exec(templateFile())?.[1];
  if (!hash) throw new Error(`unexpected template file name: ${templateFile()}`);
  return `audition_template_${hash}`;
}

/**
 * Makes the migrated template database on TEST_DATABASE_URL unless it is there. Migrated under
 * another name and renamed when done, so a setup stopped halfway (or two at once) never leaves
 * a half-migrated template that files would copy.
 */
export async function ensurePostgresTemplate(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('This suite needs TEST_DATABASE_URL (PostgreSQL)');
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(building)}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.close();
    try {
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)} WITH (FORCE)`);
      const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!made.rowCount) throw err;
    }
  } finally {
    await admin.end();
  }
}
