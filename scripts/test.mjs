// npm test: every test. The server suite runs on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set; the Redis suite when REDIS_URL is set; the end-to-end suite
// when Chromium is installed. A part that cannot run here is said plainly; with CI=true
// a missing part fails the run.
// TEST_PARTS (comma-separated: server-pglite, server-postgres, services, e2e) runs only
// those parts; CI uses it to share the parts between Node 20 and Node 24 without running
// everything twice (docs/node-versions.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const allParts = ['server-pglite', 'server-postgres', 'services', 'e2e'];
const parts = (process.env.TEST_PARTS ?? '').split(',').map((p) => p.trim()).filter(Boolean);
const unknown = parts.filter((p) => !allParts.includes(p));
if (unknown.length) {
  console.error(`TEST_PARTS: unknown part ${unknown.join(', ')} (known: ${allParts.join(', ')})`);
  process.exit(2);
}
const selected = (part) => parts.length === 0 || parts.includes(part);
const node = `Node ${process.version}`;
const results = [];
const reports = mkdtempSync(path.join(os.tmpdir(), 'audition-test-report-'));
const totals = { passed: 0, failed: 0 };
// Each failed test, and each that passed only when CI ran it again (vitest.config.ts), as one
// line repeated at the end, so the last lines of a log say what failed or is flaky.
const failures = [];

/** Lines naming the failed and the retried tests (and failed files, such as a hook that threw) of one vitest JSON report. */
function failuresOf(report, label) {
  const firstLine = (text = '') => text.split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? '';
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults ?? [];
    for (const t of tests) {
      // A passed test that carries a failure message failed once and passed on its retry.
      const outcome = t.status === 'failed' ? 'FAILED' : t.status === 'passed' && t.failureMessages?.length ? 'PASSED ON RETRY' : null;
      if (outcome) lines.push(`${outcome} ${label}: ${name} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    }
    if (!tests.some((t) => t.status === 'failed') && file.status === 'failed') lines.push(`FAILED ${label}: ${name} — ${firstLine(file.message)}`);
  }
  return lines;
}

function vitest(label, project, env) {
  console.log(`\n=== ${label} (${node}) ===`);
  const report = path.join(reports, `${results.length}.json`);
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  // Seconds per part, so CI logs show how close the run is to its time limit.
  const seconds = Math.round((Date.now() - started) / 1000);
  const counts = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : { numPassedTests: 0, numFailedTests: 1 };
  totals.passed += counts.numPassedTests;
  totals.failed += counts.numFailedTests;
  failures.push(...failuresOf(counts, label));
  results.push({ label, status: run.status === 0 ? `passed (${counts.numPassedTests} tests, ${seconds} s)` : `FAILED (${seconds} s)` });
}

function notRun(label, why) {
  console.log(`\n=== ${label}: NOT RUN — ${why} ===`);
  results.push({ label, status: ci ? 'FAILED (missing in CI)' : `NOT RUN (${why})` });
}

if (selected('server-pglite')) vitest('server suite on PGlite', 'server', { TEST_DB: 'pglite', TEST_DATABASE_URL: '' });
if (selected('server-postgres')) {
  if (process.env.TEST_DATABASE_URL) vitest('server suite on PostgreSQL', 'server', { TEST_DB: 'postgres' });
  else notRun('server suite on PostgreSQL', 'TEST_DATABASE_URL is not set');
}
// Redis, PostgreSQL and S3 together: shared limits, two instances, a database outage.
if (selected('services')) {
  if (process.env.REDIS_URL && process.env.TEST_DATABASE_URL) vitest('services suite (Redis, PostgreSQL, S3, two instances)', 'services', { TEST_DB: 'postgres' });
  else notRun('services suite (Redis, PostgreSQL, S3, two instances)', 'REDIS_URL and TEST_DATABASE_URL are both needed');
}
if (selected('e2e')) {
  if (chromium) vitest('end-to-end suite in Chromium', 'e2e', { CHROMIUM_PATH: chromium });
  else notRun('end-to-end suite in Chromium', 'Chromium is not installed (apt-get install chromium)');
}

console.log(`\n=== Summary (${node}) ===`);
for (const r of results) console.log(`${r.label}: ${r.status}`);
for (const line of failures) console.log(line);
rmSync(reports, { recursive: true, force: true });
const failed = results.filter((r) => r.status.startsWith('FAILED')).length;
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(failed ? 1 : 0);
