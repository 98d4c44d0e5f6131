/**
 * Reads the environment once (docs/product.md §12). Everything else receives a Config object,
 * so tests can build the app with their own settings.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DECISION_LIMITS } from '../contract/decisions-messages.js';
import { SLOT_LIMITS } from '../contract/slots-texts.js';

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Audition <no-reply@audition.local>'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  /** Lets several deployments (or test runs) share one Redis without sharing counts. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('audition:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Unset: 1 outside production (the README's `npm start` shows studios), 0 in production. */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /**
   * Which checkout sells plans. Unset: PayPal when its credentials are set; otherwise the
   * demo outside production, and a refused start in production (free plans by accident).
   */
  PAYMENTS: z.enum(['paypal', 'demo']).optional(),
  ADMIN_EMAILS: z.string().default(''),
  /** The address users open the app at; links in e-mails (password reset) start with it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  CONTACT_TO: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_BASE: z.string().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_SDK_URL: z.string().default('https://www.paypal.com/sdk/js'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PLAY_STORE_URL: z.string().default('https://play.google.com/store/apps'),
  /** Trust X-Forwarded-For from this many proxies in front (0: the client address is the socket's). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Multiplies every rate limit; the end-to-end suite raises it because all its users share one address. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Unset: no /metrics. Set: /metrics answers the Prometheus text to `Authorization: Bearer <token>` (docs/operations.md). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** /readyz reports the storage as failing when the local disk has less than this free (docs/faults.md, "A full disk"). */
  STORAGE_MIN_FREE_MB: z.coerce.number().int().min(0).default(512),
  /** Videos and tapes this instance converts at once (docs/media.md, "Conversion"). */
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * Seconds a booking or decline can be undone before the performer is told (docs/applications.md,
   * "Decisions"). The spec's 30 unless set; only the end-to-end suite sets it shorter, so its
   * specs do not wait half a minute on the real clock for each notice (docs/architecture.md, "End-to-end tests").
   */
  DECISION_UNDO_SECONDS: z.coerce.number().int().min(1).max(3600).default(DECISION_LIMITS.undoSeconds),
  /**
   * Minutes before an audition time's start from which it is no longer booked, moved or
   * cancelled (docs/slots.md, "Booking"). The spec's 2 hours unless set; only the end-to-end
   * suite sets it shorter, so a spec can book a time whose check-in is already open rather
   * than wait on the real clock for it to open (docs/architecture.md, "End-to-end tests").
   */
  SLOT_LOCK_MINUTES: z.coerce.number().int().min(0).max(10080).default(SLOT_LIMITS.lockedHours * 60),
  /**
   * Seconds between passes of the video conversion job (docs/media.md, "Conversion"): 3 unless
   * set; only the end-to-end suite sets it shorter, so its specs do not wait on the real clock
   * for each pass and each retry of a tape (docs/architecture.md, "End-to-end tests").
   */
  CONVERSION_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type ParsedEnv = z.infer<typeof envSchema>;

/** The settings after the defaults that depend on NODE_ENV are applied. */
export type Env = Omit<ParsedEnv, 'SEED_DEMO' | 'PAYMENTS'> & { SEED_DEMO: '0' | '1'; PAYMENTS: 'paypal' | 'demo' };

export interface Config {
  env: Env;
  production: boolean;
  dataDir: string;
  jwtSecret: Uint8Array;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming each malformed setting. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const production = parsed.data.NODE_ENV === 'production';
  const refusals = production ? productionRefusals(parsed.data) : [];
  const payments = paymentsMode(parsed.data, production);
  if (typeof payments !== 'string') refusals.push(payments.refusal);
  if (refusals.length > 0) throw new ConfigError(`Refusing to start:\n${refusals.map((r) => `  ${r}`).join('\n')}`);
  const env: Env = {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? (production ? '0' : '1'),
    PAYMENTS: payments as Env['PAYMENTS'],
  };
  const dataDir = path.resolve(env.DATA_DIR);
  const secret = env.JWT_SECRET ?? localSecret(dataDir);
  return { env, production, dataDir, jwtSecret: new TextEncoder().encode(secret) };
}

/**
 * What a production start must not run with (docs/product.md §12):
 * each of these silently weakens the portal instead of failing.
 */
function productionRefusals(env: ParsedEnv): string[] {
  const refusals: string[] = [];
  if (!env.JWT_SECRET) {
    refusals.push('JWT_SECRET must be set when NODE_ENV=production (at least 32 characters).');
  } else if (!variedEnough(env.JWT_SECRET)) {
    refusals.push('JWT_SECRET has too little variety (few distinct characters, or a repeated pattern): use at least 32 random characters, e.g. `openssl rand -base64 48`.');
  }
  // Without SMTP the codes only reach the log, and nobody can sign up.
  if (!env.SMTP_URL) refusals.push('SMTP_URL must be set when NODE_ENV=production: sign-up codes are sent by mail.');
  return refusals;
}

/** Distinct characters a production JWT_SECRET needs at least. */
const SECRET_MIN_DISTINCT = 8;
/** The share of a production JWT_SECRET's 3-character runs that must differ from each other. */
const SECRET_MIN_DISTINCT_RUNS = 0.75;

/**
 * Whether a signing secret looks random enough to keep (docs/security.md, "Redirects, raced passwords, secrets in the log, forged cursors, weak secrets"):
 * at least 8 distinct characters, and no pattern repeated through it (three quarters of its
 * 3-character runs distinct), so `abab…`, `abcdefgh` over and over or `password1234` three
 * times are refused. Random secrets pass: 32 hex digits have 9 or more distinct characters
 * and almost no repeated runs.
 */
function variedEnough(secret: string): boolean {
  const chars = [...secret];
  if (new Set(chars).size < SECRET_MIN_DISTINCT) return false;
  const runs = chars.slice(0, -2).map((c, i) => c + chars[i + 1]! + chars[i + 2]!);
  return new Set(runs).size >= SECRET_MIN_DISTINCT_RUNS * runs.length;
}

/**
 * The checkout that sells plans. A half-set PayPal configuration is refused in production
 * (it would otherwise fall back to the demo and give plans away); so is the demo itself
 * unless PAYMENTS=demo says it is meant.
 */
function paymentsMode(env: ParsedEnv, production: boolean): 'paypal' | 'demo' | { refusal: string } {
  const hasId = Boolean(env.PAYPAL_CLIENT_ID);
  const hasSecret = Boolean(env.PAYPAL_CLIENT_SECRET);
  const missing = hasId && !hasSecret ? 'PAYPAL_CLIENT_SECRET' : !hasId && hasSecret ? 'PAYPAL_CLIENT_ID' : null;
  if (env.PAYMENTS === 'demo') return 'demo';
  if (env.PAYMENTS === 'paypal' || production) {
    if (missing) return { refusal: `${missing} must be set: PayPal is half configured (set both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or PAYMENTS=demo).` };
    if (!hasId) {
      return {
        refusal:
          env.PAYMENTS === 'paypal'
            ? 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set when PAYMENTS=paypal.'
            : 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set when NODE_ENV=production, or PAYMENTS=demo to sell plans through the demo checkout (no money moves).',
      };
    }
    return 'paypal';
  }
  return hasId && hasSecret ? 'paypal' : 'demo';
}

/** A secret generated once and kept in DATA_DIR, so tokens survive a restart. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
