// npm test: every test. The server suite runs on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set; the Redis suite when REDIS_URL is set; the end-to-end suite
// when Chromium is installed. A part that cannot run here is said plainly; with CI=true
// a missing part fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const results = [];
const reports = mkdtempSync(path.join(os.tmpdir(), 'audition-test-report-'));
const totals = { passed: 0, failed: 0 };

function vitest(label, project, env) {
  console.log(`\n=== ${label} ===`);
  const report = path.join(reports, `${results.length}.json`);
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  const counts = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
  totals.passed += counts.numPassedTests;
  totals.failed += counts.numFailedTests;
  results.push({ label, status: run.status === 0 ? `passed (${counts.numPassedTests} tests)` : 'FAILED' });
}

function notRun(label, why) {
  console.log(`\n=== ${label}: NOT RUN — ${why} ===`);
  results.push({ label, status: ci ? 'FAILED (missing in CI)' : `NOT RUN (${why})` });
}

vitest('server suite on PGlite', 'server', { TEST_DB: 'pglite', TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('server suite on PostgreSQL', 'server', { TEST_DB: 'postgres' });
else notRun('server suite on PostgreSQL', 'TEST_DATABASE_URL is not set');
// Redis, PostgreSQL and S3 together: shared limits, two instances, a database outage.
if (process.env.REDIS_URL && process.env.TEST_DATABASE_URL) vitest('services suite (Redis, PostgreSQL, S3, two instances)', 'services', { TEST_DB: 'postgres' });
else notRun('services suite (Redis, PostgreSQL, S3, two instances)', 'REDIS_URL and TEST_DATABASE_URL are both needed');
if (chromium) vitest('end-to-end suite in Chromium', 'e2e', { CHROMIUM_PATH: chromium });
else notRun('end-to-end suite in Chromium', 'Chromium is not installed (apt-get install chromium)');

console.log('\n=== Summary ===');
for (const r of results) console.log(`${r.label}: ${r.status}`);
rmSync(reports, { recursive: true, force: true });
const failed = results.filter((r) => r.status.startsWith('FAILED')).length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(failed ? 1 : 0);
