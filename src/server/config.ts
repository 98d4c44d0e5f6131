/**
 * Reads the environment once (DESIGN §2). Everything else receives a Config object,
 * so tests can build the app with their own settings.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  SEED_DEMO: z.enum(['0', '1']).default('1'),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

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
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && !env.JWT_SECRET) {
    throw new ConfigError('JWT_SECRET must be set when NODE_ENV=production (at least 32 characters).');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const secret = env.JWT_SECRET ?? localSecret(dataDir);
  return { env, production, dataDir, jwtSecret: new TextEncoder().encode(secret) };
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
