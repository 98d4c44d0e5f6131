import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'audition-config-'));

describe('loadConfig', () => {
  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET must be set/);
  });

  it.each([
    ['PAYMENTS', 'free'],
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['SEED_DEMO', 'maybe'],
    ['JWT_SECRET', 'short'],
    ['DECISION_UNDO_SECONDS', '0'],
    ['DECISION_UNDO_SECONDS', '2.5'],
    ['DECISION_UNDO_SECONDS', 'soon'],
  ])('names a malformed %s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(name));
  });

  it('keeps a generated signing secret in DATA_DIR across starts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(second.jwtSecret).toString()).toBe(Buffer.from(first.jwtSecret).toString());
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });
});

/** A production environment that starts; each case below takes one piece away. */
const production = (overrides: Record<string, string | undefined> = {}) => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir(),
  JWT_SECRET: 'k3Yq9-production-secret-0123456789-abcdef',
  SMTP_URL: 'smtp://mail.example.com:587',
  PAYPAL_CLIENT_ID: 'live-client-id',
  PAYPAL_CLIENT_SECRET: 'live-client-secret',
  ...overrides,
});

describe('a production start', () => {
  it('starts with every setting it needs, selling through PayPal without demo studios', () => {
    const config = loadConfig(production());
    expect(config.production).toBe(true);
    expect(config.env.PAYMENTS).toBe('paypal');
    expect(config.env.SEED_DEMO).toBe('0');
  });

  it.each([
    ['PAYPAL_CLIENT_SECRET', { PAYPAL_CLIENT_SECRET: undefined }],
    ['PAYPAL_CLIENT_ID', { PAYPAL_CLIENT_ID: undefined }],
  ])('refuses a half-set PayPal configuration, naming the missing %s', (missing, overrides) => {
    expect(() => loadConfig(production(overrides))).toThrow(ConfigError);
    expect(() => loadConfig(production(overrides))).toThrow(new RegExp(`${missing} must be set`));
  });

  it('refuses to sell through the demo checkout unless PAYMENTS=demo says so', () => {
    const noPayPal = { PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined };
    expect(() => loadConfig(production(noPayPal))).toThrow(/PAYMENTS=demo/);
    expect(loadConfig(production({ ...noPayPal, PAYMENTS: 'demo' })).env.PAYMENTS).toBe('demo');
  });

  it('refuses PAYMENTS=paypal without credentials, in any environment', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENTS: 'paypal' })).toThrow(/PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set/);
  });

  it('refuses a start without SMTP_URL: codes printed to a log are not mail', () => {
    expect(() => loadConfig(production({ SMTP_URL: undefined }))).toThrow(/SMTP_URL must be set/);
  });

  it.each([
    ['missing', undefined, /JWT_SECRET must be set/],
    ['shorter than 32', 'x'.repeat(10) + 'abc', /JWT_SECRET: must be at least 32/],
    ['one repeated character', 'a'.repeat(64), /JWT_SECRET has too little variety/],
    // Past the old check, which took anything but one repeated character.
    ['two characters over and over', 'ab'.repeat(24), /JWT_SECRET has too little variety/],
    ['seven characters in any order', 'abcdefgabcdefgfedcbagfedcbaabcdefg', /JWT_SECRET has too little variety/],
    ['a short pattern repeated', 'abcdefgh'.repeat(5), /JWT_SECRET has too little variety/],
    ['a word repeated', 'password1234'.repeat(3), /JWT_SECRET has too little variety/],
    ['a phrase repeated', 'my-app-secret-'.repeat(3), /JWT_SECRET has too little variety/],
  ])('refuses a JWT_SECRET that is %s', (_case, secret, message) => {
    expect(() => loadConfig(production({ JWT_SECRET: secret }))).toThrow(message);
  });

  it.each([
    ['48 random bytes in base64', () => randomBytes(48).toString('base64')],
    ['16 random bytes in hex', () => randomBytes(16).toString('hex')],
    ['32 random bytes in hex', () => randomBytes(32).toString('hex')],
  ])('takes a JWT_SECRET of %s, every time', (_case, make) => {
    for (let i = 0; i < 100; i++) expect(loadConfig(production({ JWT_SECRET: make() })).env.JWT_SECRET).toBeTruthy();
  });

  it('names every refusal at once', () => {
    const error = (() => {
      try {
        loadConfig(production({ SMTP_URL: undefined, PAYPAL_CLIENT_SECRET: undefined }));
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/SMTP_URL/);
    expect(error?.message).toMatch(/PAYPAL_CLIENT_SECRET/);
  });

  it('seeds demo studios when asked with SEED_DEMO=1', () => {
    expect(loadConfig(production({ SEED_DEMO: '1' })).env.SEED_DEMO).toBe('1');
  });
});

describe('outside production', () => {
  it('seeds the demo and sells through the demo checkout by default, so npm start works offline', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.env.SEED_DEMO).toBe('1');
    expect(config.env.PAYMENTS).toBe('demo');
  });

  it('uses PayPal when both credentials are set, and the demo when PAYMENTS=demo says so', () => {
    const paypal = { DATA_DIR: dataDir(), PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(loadConfig(paypal).env.PAYMENTS).toBe('paypal');
    expect(loadConfig({ ...paypal, PAYMENTS: 'demo' }).env.PAYMENTS).toBe('demo');
  });
});
