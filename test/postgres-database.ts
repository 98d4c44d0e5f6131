/** A fresh PostgreSQL database on TEST_DATABASE_URL for one test file, dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
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
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
