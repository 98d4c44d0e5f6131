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
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['SEED_DEMO', 'maybe'],
    ['JWT_SECRET', 'short'],
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
