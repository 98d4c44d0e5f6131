/**
 * The runner's one-instance lease on PostgreSQL with two instances' own connection pools,
 * where two passes could really run at once (docs/architecture.md, "Background work").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/postgres-database.js';
import { openDatabase, type Database } from '../db/client.js';
import { createRunner, type Logs } from './runner.js';

let instances: Database[] = [];
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  instances = [await openDatabase({ kind: 'postgres', url: fresh.url }), await openDatabase({ kind: 'postgres', url: fresh.url })];
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((d) => d.close()));
  await dropDatabase();
});

const quiet: Logs = { debug() {}, info() {}, warn() {}, error() {} };

describe('a one-instance job over two instances', () => {
  it('never runs two passes at once, whichever instance takes it', async () => {
    const passes: { by: string; from: number; to: number }[] = [];
    const runners = instances.map((database, i) => {
      const by = `instance-${i}`;
      const runner = createRunner({ db: database.db, log: quiet, instanceId: by });
      runner.add({
        name: 'test-shared-sweep',
        everyMs: 50,
        runsOn: 'one',
        async run() {
          const from = Date.now();
          await new Promise((r) => setTimeout(r, 120));
          passes.push({ by, from, to: Date.now() });
        },
      });
      return runner;
    });
    runners.forEach((r) => r.start());
    await expect.poll(() => passes.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(12);
    await Promise.all(runners.map((r) => r.stop()));

    const sorted = [...passes].sort((a, b) => a.from - b.from);
    const overlaps = sorted.filter((p, i) => i > 0 && p.from < sorted[i - 1]!.to);
    expect(overlaps).toEqual([]);
    expect(new Set(passes.map((p) => p.by)).size).toBe(2);
  });
});
