// Fails when a generated file is stale (docs/architecture.md, "Generated files"):
// - the Drizzle schema has a change no committed migration holds (scripts/check-migrations.mjs
//   runs drizzle-kit generate into a copy of the migrations);
// - docs/openapi.json is not what the app answers at GET /api/docs (scripts/openapi-document.ts
//   builds the app as the health test does and prints it).
// CI runs it before the tests; each failure says how to bring the file up to date.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let failed = false;

const migrations = spawnSync(process.execPath, ['scripts/check-migrations.mjs'], { stdio: 'inherit' });
if (migrations.status !== 0) failed = true;

const committedDoc = 'docs/openapi.json';
const made = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/openapi-document.ts'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (made.status !== 0 || !made.stdout) {
  process.stderr.write(made.stderr);
  console.error('check-generated: the API description could not be made');
  failed = true;
} else if (made.stdout !== readFileSync(committedDoc, 'utf8')) {
  console.error(`check-generated: ${committedDoc} is not what GET /api/docs answers.`);
  console.error('Update it with `npx vitest run --project server src/server/modules/health -u` and commit it.');
  failed = true;
} else {
  console.log(`check-generated: ${committedDoc} is what GET /api/docs answers`);
}

if (failed) process.exitCode = 1;
