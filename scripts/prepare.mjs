// Runs after `npm ci`/`npm install`: builds the web app and the migrated PGlite
// template, so the first `npm start` on a new machine serves its first page quickly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('node_modules/vite')) process.exit(0); // installed as a dependency elsewhere: nothing to prepare
const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const { register } = await import('tsx/esm/api');
register();
const { writeTemplate } = await import('../src/server/db/pglite-template.ts');
console.log(`PGlite template ready: ${await writeTemplate()}`);
