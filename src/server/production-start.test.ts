/**
 * The production start refusals of docs/product.md §12, through the real entry point
 * (`main.ts`, as `npm start` runs it): the process exits 1 and says which setting is wrong.
 * Every other refusal is tested on loadConfig itself (config.test.ts): a start is seconds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A production environment that would start; each case takes one piece away. */
const production = (overrides: Record<string, string | undefined>) => {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'audition-production-')),
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'k3Yq9-production-secret-0123456789-abcdef',
    SMTP_URL: 'smtp://127.0.0.1:1',
    PAYPAL_CLIENT_ID: 'live-client-id',
    PAYPAL_CLIENT_SECRET: 'live-client-secret',
    PAYMENTS: undefined,
    SEED_DEMO: undefined,
    DATABASE_URL: undefined,
    ...overrides,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env as NodeJS.ProcessEnv;
};

const start = (overrides: Record<string, string | undefined>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: production(overrides), encoding: 'utf8', timeout: 60_000 });

describe('a production start of main.ts', () => {
  it.each([
    ['PayPal without its secret', { PAYPAL_CLIENT_SECRET: undefined }, /PAYPAL_CLIENT_SECRET must be set/],
    ['no PayPal and no PAYMENTS=demo', { PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined }, /PAYMENTS=demo/],
    ['no SMTP_URL', { SMTP_URL: undefined }, /SMTP_URL must be set/],
    ['a JWT_SECRET of one repeated character', { JWT_SECRET: 'z'.repeat(48) }, /JWT_SECRET has too little variety/],
    ['a JWT_SECRET of a short pattern repeated', { JWT_SECRET: 'ab'.repeat(24) }, /JWT_SECRET has too little variety/],
  ])('is refused with %s, naming the setting', (_case, overrides, message) => {
    const run = start(overrides);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
  });
});
