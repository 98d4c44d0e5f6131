/**
 * The app started as its own process on a freshly seeded database of each engine in turn:
 * PGlite, then PostgreSQL when TEST_DATABASE_URL is set. Both engines get the same
 * upkeep after seeding, VACUUM ANALYZE (autovacuum's work on PostgreSQL, the app's own
 * on PGlite, docs/embedded-database.md), so their rows compare.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client.js';
import { startAppProcess, type AppProcess } from '../test/app-process.js';
import { createPostgresDatabase } from '../test/postgres-database.js';

// Varied enough for a production start (docs/security.md, "Third pass").
export const BENCH_JWT_SECRET = 'bench-Wq7vK2-secret-xR9pL4-mZ3tH8-nB6cF1';

/** Production settings; they need a mail server and a payment mode, which these rows never use. */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: BENCH_JWT_SECRET,
  SMTP_URL: 'smtp://127.0.0.1:9',
  PAYMENTS: 'demo',
  SEED_DEMO: '0',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '1000000',
};

export type Engine = 'PGlite' | 'PostgreSQL';

export interface SeededApp<T> {
  engine: Engine;
  app: AppProcess;
  /** What `seed` answered. */
  seeded: T;
  /** Stops the app, runs `change` on its database (the app holds PGlite alone), starts it again: its caches start empty. */
  restart(change?: (db: Db) => Promise<void>): Promise<AppProcess>;
}

/**
 * For each engine: a new database, migrated (on PGlite by the seeding connection, on
 * PostgreSQL by the app's own start), seeded by `seed` (then VACUUM ANALYZE), and `rows`
 * run against the running app. Everything is removed after.
 */
export async function onEachEngine<T>(what: string, seed: (db: Db) => Promise<T>, rows: (run: SeededApp<T>) => Promise<void>): Promise<void> {
  console.log(`${what}: seeding PGlite…`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-bench-'));
  try {
    const open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await runOn('PGlite', open, () => startAppProcess(BENCH_ENV, { dataDir }), seed, rows, { appFirst: false });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  if (!process.env.TEST_DATABASE_URL) return console.log(`${what}: PostgreSQL rows NOT RUN: TEST_DATABASE_URL is not set`);
  console.log(`${what}: seeding PostgreSQL…`);
  const fresh = await createPostgresDatabase();
  try {
    const open = () => openDatabase({ kind: 'postgres', url: fresh.url }, { migrate: false });
    await runOn('PostgreSQL', open, () => startAppProcess({ ...BENCH_ENV, DATABASE_URL: fresh.url }), seed, rows, { appFirst: true });
  } finally {
    await fresh.drop();
  }
}

async function runOn<T>(
  engine: Engine,
  open: () => Promise<{ db: Db; close(): Promise<void> }>,
  start: () => Promise<AppProcess>,
  seed: (db: Db) => Promise<T>,
  rows: (run: SeededApp<T>) => Promise<void>,
  // PGlite is one process's alone: seeded before the app opens it. PostgreSQL is migrated by the app's start.
  { appFirst }: { appFirst: boolean },
): Promise<void> {
  const withDatabase = async <R>(work: (db: Db) => Promise<R>): Promise<R> => {
    const database = await open();
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };
  let app = appFirst ? await start() : undefined;
  try {
    const seeded = await withDatabase(async (db) => {
      const answer = await seed(db);
      await db.execute(sql`vacuum analyze`);
      return answer;
    });
    app ??= await start();
    await rows({
      engine,
      app,
      seeded,
      async restart(change) {
        await app!.stop();
        app = undefined;
        if (change) await withDatabase(change);
        app = await start();
        return app;
      },
    });
  } finally {
    await app?.stop();
  }
}
