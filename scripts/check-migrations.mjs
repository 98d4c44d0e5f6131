// Fails when the Drizzle schema has changes that no committed migration holds: drizzle-kit
// generate runs against a copy of the migrations, so the tree is never written to, and any
// file it would add is named. CI runs it before the tests (docs/architecture.md, "Generated
// files"); fix a failure with `npm run db:generate` and commit what it writes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const committed = 'src/server/db/migrations';
// drizzle-kit reads --out as a path below the working folder (an absolute one fails), so the
// copy lives under node_modules/.cache.
mkdirSync('node_modules/.cache', { recursive: true });
const copy = path.relative(process.cwd(), mkdtempSync('node_modules/.cache/migrations-check-'));
try {
  cpSync(committed, copy, { recursive: true });
  const before = new Set(readdirSync(copy, { recursive: true }).map(String));
  const run = spawnSync(
    process.execPath,
    ['node_modules/drizzle-kit/bin.cjs', 'generate', '--dialect', 'postgresql', '--schema', './src/server/db/schema/index.ts', '--out', copy],
    { encoding: 'utf8' },
  );
  // drizzle-kit exits 0 after some of its failures, so a run that does not end in its own
  // verdict counts as failed.
  const added = readdirSync(copy, { recursive: true }).map(String).filter((f) => !before.has(f));
  if (run.status !== 0 || (!added.length && !/No schema changes/.test(run.stdout + run.stderr))) {
    process.stderr.write(run.stdout + run.stderr);
    console.error('check-migrations: drizzle-kit generate failed');
    process.exitCode = 1;
  } else if (added.length) {
    console.error(`check-migrations: the schema has changes no migration holds; drizzle-kit would write ${added.join(', ')}.`);
    console.error('Run `npm run db:generate` and commit the migration and its snapshot.');
    process.exitCode = 1;
  } else {
    console.log('check-migrations: every schema change has its committed migration');
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
