/**
 * Builds the real app for one test file: a fresh database, real SMTP through the
 * sink, an in-process rate limiter (or Redis when asked), and a temp DATA_DIR. The
 * outside world is chosen by the same createContext that main.ts uses.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from '../src/server/logging.js';
import type { Deadlines } from '../src/server/request-deadlines.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { closeContext, createContext, type AppContext } from '../src/server/context.js';
import type { Database } from '../src/server/db/client.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { openTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  sink: SmtpSink;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Replaces the fresh test database, e.g. one reached through a proxy the test can cut. */
  database?: Database;
  /** A built web app to serve (the tests of the page's headers give a small one). */
  webDist?: string;
  /** Turns the log on (at LOG_LEVEL, default silent) and sends it there. */
  logStream?: DestinationStream;
  deadlines?: Deadlines;
  /** How often events streams send a heartbeat. */
  heartbeatMs?: number;
}

export async function buildTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
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
  // Local disk under the temp DATA_DIR, or a bucket when the test passes S3_* settings.
  const ctx = await createContext(config, () => {}, { database: opts.database ?? (await openTestDatabase()) });
  const app = await buildApp(ctx, {
    logger: Boolean(opts.logStream),
    logStream: opts.logStream,
    deadlines: opts.deadlines,
    serveWeb: Boolean(opts.webDist),
    webDist: opts.webDist,
    heartbeatMs: opts.heartbeatMs,
  });
  await app.ready();
  return {
    app,
    ctx,
    sink,
    dataDir,
    async close() {
      await app.close();
      await closeContext(ctx);
      await sink.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
