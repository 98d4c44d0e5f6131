/**
 * Opens the database: PGlite (embedded PostgreSQL with pg_trgm) in DATA_DIR/db by
 * default, PostgreSQL when a URL is given. Both run the same migrations at start.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { keepConnection } from './kept-connection.js';
import { extractTemplate, readTemplate } from './pglite-template.js';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction's handle: what `db.transaction(async (tx) => …)` passes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Answers quickly whether the database can run a query. */
  ping(): Promise<void>;
  /** The connection pool's connections now (PostgreSQL); PGlite has one connection and no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Brings planner statistics up to date where they are missing or stale (VACUUM ANALYZE).
   * PGlite runs no autovacuum, so the app calls this after migrations and seeding and on
   * a timer; on PostgreSQL it does nothing, autovacuum does it (docs/embedded-database.md).
   */
  maintain(): Promise<string[]>;
  /**
   * Delivers the NOTIFY payloads of `channels`. `onLive(true)` once delivery runs,
   * `onLive(false)` whenever it is lost (it is then re-established by itself).
   * Answers the function that stops listening.
   */
  listen(channels: readonly string[], onMessage: (channel: string, payload: string) => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Any fixed number: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 7_245_891;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  /**
   * bounded: the app's pool answers in bounded time when PostgreSQL stalls (docs/faults.md,
   * "A stalled database"); tools that seed or load in bulk leave it off.
   */
  | { kind: 'postgres'; url: string; poolSize?: number; bounded?: boolean }
  /** dataDir: a folder, or 'memory://'; loadDataDir: a dumped data directory to start from. */
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob };

/**
 * A scan of a table larger than a quarter of the shared buffers starts, by default, where
 * the last scan of it stopped (so concurrent scans share reads). A search tier that reads
 * "the first 50 matches" of such a scan then answers other studios to the same text each
 * time (docs/performance.md): every scan starts at the table's first page instead.
 */
const STABLE_SCANS = 'synchronize_seqscans=off';

/**
 * The bounds of a `bounded` pool (docs/faults.md, "A stalled database"): a request that
 * needs the database answers 503 within about four seconds when it does not answer. A
 * connection (or a free place in the pool) must come within CONNECT_TIMEOUT_MS; PostgreSQL
 * cancels a statement after STATEMENT_TIMEOUT_MS; a statement whose answer has not come
 * QUERY_READ_TIMEOUT_MS after it was sent (the network, not the server, is stalled) is given
 * up and its connection closed, so a transaction left open behind it is rolled back by the
 * server rather than finished by the next user of the connection.
 */
export const DATABASE_BOUNDS = {
  connectTimeoutMs: 3000,
  statementTimeoutMs: 3000,
  queryReadTimeoutMs: 3500,
  /** A transaction idle this long (its client gone quiet) is ended by the server, freeing its locks. */
  idleInTransactionMs: 10_000,
} as const;

export async function openDatabase(target: DatabaseTarget, opts: { migrate?: boolean } = {}): Promise<Database> {
  const runMigrations = opts.migrate ?? true;
  if (target.kind === 'postgres') {
    const bounds = target.bounded
      ? ` -c statement_timeout=${DATABASE_BOUNDS.statementTimeoutMs} -c idle_in_transaction_session_timeout=${DATABASE_BOUNDS.idleInTransactionMs}`
      : '';
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: target.bounded ? DATABASE_BOUNDS.connectTimeoutMs : 5000,
      ...(target.bounded ? { query_timeout: DATABASE_BOUNDS.queryReadTimeoutMs } : {}),
      idleTimeoutMillis: 30_000,
      options: `-c ${STABLE_SCANS}${bounds}`,
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    if (target.bounded) pool.on('connect', closeOnReadTimeout);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (runMigrations) {
      // On a connection of its own, without the pool's bounds: a migration may take long, and
      // instances starting together wait here in turn (one migrates, the others then find
      // nothing to do).
      const lock = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5000, options: `-c ${STABLE_SCANS}` });
      lock.on('error', () => {}); // a dropped connection fails the migration's query, not the process
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(lock), { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await lock.end().catch(() => {});
      }
    }
    return {
      db,
      engine: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      maintain: async () => [],
      listen: (channels, onMessage, onLive) => listenPostgres(target.url, channels, onMessage, onLive),
      close: () => pool.end(),
    };
  }
  // A new data directory starts from the install's migrated template when there is one.
  const isNew = target.dataDir !== 'memory://' && !existsSync(path.join(target.dataDir, 'PG_VERSION'));
  const fromTemplate = isNew && !target.loadDataDir && (await extractTemplate(target.dataDir));
  const loadDataDir = target.loadDataDir ?? (isNew && !fromTemplate ? await readTemplate() : undefined);
  const client = await PGlite.create({
    dataDir: target.dataDir,
    extensions: { pg_trgm, unaccent },
    // 128 MB by default, all of it touched at start; the OS page cache holds the files anyway.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, '-c', STABLE_SCANS],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (runMigrations) await migratePglite(drizzlePglite(client), { migrationsFolder });
  const maintain = () => vacuumStaleTables(client);
  // Statistics missing (a new or freshly migrated database) or stale (written by a bulk load).
  if (runMigrations) await maintain();
  // Autovacuum's part while the app runs is the background runner's `database-maintenance` job.
  return {
    db,
    engine: 'pglite',
    ping: async () => void (await client.query('select 1')),
    maintain,
    async listen(channels, onMessage, onLive) {
      // In process: delivery cannot be lost while the database is open.
      const stops = await Promise.all(channels.map((channel) => client.listen(channel, (payload) => onMessage(channel, payload))));
      onLive(true);
      return async () => {
        onLive(false);
        await Promise.all(stops.map((stop) => stop()));
      };
    },
    close: () => client.close(),
  };
}

/**
 * pg answers a statement past `query_timeout` with an error but keeps waiting on its
 * connection, which the pool would hand out again (inside a transaction, still open). Each
 * such connection is closed instead: pg ends a connection with a statement in flight at once,
 * and the pool never hands out a closed one.
 */
function closeOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (err instanceof Error && err.message === 'Query read timeout') client.end().catch(() => {});
        });
      }
      return result;
    },
  });
}

/** How often the app does autovacuum's part on PGlite (background/jobs.ts): a catalog read, and VACUUM only where a table grew. */
export const PGLITE_MAINTENANCE_MS = 10 * 60_000;

/** See docs/embedded-database.md: 16–32 MB kept search latency and cut the resident heap by 100+ MB. */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Tables whose statistics are missing (never analysed: reltuples = -1) or stale (the
 * table has grown by a fifth, and 8 pages, since they were taken: PGlite keeps no
 * modification counters, so the file's size stands in for autovacuum's threshold).
 */
const STALE_TABLES = `
  select c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'
    and (c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8)
  order by c.relname`;

/** VACUUM ANALYZE of each stale table (also merges GIN pending lists); answers their names. */
async function vacuumStaleTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(STALE_TABLES);
  for (const { name } of rows) await client.exec(`VACUUM ANALYZE ${pg.escapeIdentifier(name)}`);
  return rows.map((r) => r.name);
}

/** LISTEN on a connection of its own, kept open (docs/faults.md). */
function listenPostgres(
  url: string,
  channels: readonly string[],
  onMessage: (channel: string, payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  return keepConnection(url, {
    listen: (client) => client.on('notification', (m) => onMessage(m.channel, m.payload ?? '')),
    setUp: async (client) => {
      for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    onLive,
  });
}
