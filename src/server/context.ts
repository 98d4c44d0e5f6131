/** What every area of the server is given: settings and the outside world, chosen once from config. */
import type { Metrics } from './metrics.js';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import { createChangeFeed, type ChangeFeed } from './db/change-feed.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import type { TokenCheckRow } from './db/token-check.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './adapters/mail/mailer.js';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './rate-limit/rate-limiter.js';
import { createPaymentsProvider, type PaymentsProvider } from './adapters/payments/index.js';
import { createStorage, type Storage } from './adapters/storage/index.js';
import { createEventBus, type EventBus } from './adapters/event-bus.js';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** What changed in the database, for caches of polled versions. */
  changes: ChangeFeed;
  mailer: Mailer;
  limiter: RateLimiter;
  payments: PaymentsProvider;
  storage: Storage;
  /** Carries live events to every instance's streams (Redis when REDIS_URL is set). */
  events: EventBus;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The auth hooks every area's routes are given, made by `createAuthHooks` (plugins/auth.ts).
 * Written out here rather than taken from that file, so the areas' routes and the hooks
 * they are given do not import each other in a circle.
 */
export interface AuthHooks {
  /** Whether a session seen earlier is still good (not expired, not revoked, same token version). */
  sessionLive(session: { userId: string; actorId?: string | null; jti: string; version: number; expiresAt: number }): Promise<boolean>;
  /** 401 without a good token. */
  requireAuth: Hook;
  /** 401 without a good token, 403 for a studio's. */
  requirePerformer: Hook;
  /** requirePerformer whose token check may ride on the route's own read of the user row. */
  requirePerformerReading(readRow: (userId: string) => Promise<TokenCheckRow | undefined>): Hook;
  /** A good token sets userId and role; a missing or bad one leaves the call anonymous, never refused. */
  optionalAuth: Hook;
  /** 401 without a good token, 403 for a performer's. */
  requireStudio: Hook;
  /** onSend: forgets the cached token check of a user whose call changed them. */
  forgetAfterWrite(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void;
}

/** The options every area's route plugin receives. */
export interface ModuleOptions {
  ctx: AppContext;
  auth: AuthHooks;
  /** This instance's figures for /metrics (docs/operations.md). */
  metrics: Metrics;
}

/** What a caller may supply instead of opening it from config: tests bring their own database. */
export interface ContextParts {
  database?: Database;
}

export async function createContext(config: Config, log: (line: string) => void, parts: ContextParts = {}): Promise<AppContext> {
  const { env } = config;
  const database =
    parts.database ??
    (await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, bounded: true }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
    ));
  const mailer = env.SMTP_URL
    ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : createOutboxMailer(path.join(config.dataDir, 'mail'), env.MAIL_FROM, log);
  const limiter = env.REDIS_URL ? createRedisRateLimiter(env.REDIS_URL, env.REDIS_KEY_PREFIX) : createMemoryRateLimiter();
  const payments = createPaymentsProvider(env);
  const storage = await createStorage(config);
  const changes = await createChangeFeed(database);
  const events = createEventBus(env);
  return { config, database, db: database.db, changes, mailer, limiter, payments, storage, events };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  ctx.mailer.close();
  await ctx.limiter.close();
  await ctx.events.close();
  ctx.storage.close();
  await ctx.changes.close();
  await ctx.database.close();
}
