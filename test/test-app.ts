/**
 * Builds the real app for one test file: a fresh database, real SMTP through the
 * sink, an in-process rate limiter (or Redis when asked), and a temp DATA_DIR.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from '../src/server/logging.js';
import type { Deadlines } from '../src/server/request-deadlines.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { AppContext } from '../src/server/context.js';
import { createSmtpMailer } from '../src/server/adapters/mail/mailer.js';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
} from '../src/server/rate-limit/rate-limiter.js';
import { createPaymentsProvider } from '../src/server/adapters/payments/index.js';
import { createStorage } from '../src/server/adapters/storage/index.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { openTestDatabase } from './test-database.js';
import type { Database } from '../src/server/db/client.js';
import { createChangeFeed } from '../src/server/db/change-feed.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  sink: SmtpSink;
  dataDir: string;
  close(): Promise<void>;
}

/** `database` replaces the fresh test database, e.g. one reached through a proxy the test can cut. */
/** `logStream` turns the log on (at LOG_LEVEL, default silent) and sends it there. */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { database?: Database; logStream?: DestinationStream; deadlines?: Deadlines } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-test-'));
  const sink = await startSmtpSink();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    SMTP_URL: sink.url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const database = opts.database ?? (await openTestDatabase());
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    changes: await createChangeFeed(database),
    mailer: createSmtpMailer(sink.url, config.env.MAIL_FROM),
    limiter: config.env.REDIS_URL ? createRedisRateLimiter(config.env.REDIS_URL, config.env.REDIS_KEY_PREFIX) : createMemoryRateLimiter(),
    payments: createPaymentsProvider(config.env),
    // Local disk under the temp DATA_DIR, or a bucket when the test passes S3_* settings.
    storage: await createStorage(config),
  };
  const app = await buildApp(ctx, { logger: Boolean(opts.logStream), logStream: opts.logStream, deadlines: opts.deadlines, serveWeb: false });
  await app.ready();
  return {
    app,
    ctx,
    sink,
    dataDir,
    async close() {
      await app.close();
      ctx.mailer.close();
      await ctx.limiter.close();
      ctx.storage.close();
      await ctx.changes.close();
      await database.close();
      await sink.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
