// npm start: builds the web app when it is missing or older than its sources, then
// serves web + API from one process (src/server/main.ts, run through tsx).
// package.json runs it as `node --max-semi-space-size=1 --no-liftoff scripts/start.mjs`
// (docs/performance.md, "Memory"). The first caps V8's young generation at 1 MB a semi-space,
// so the request bodies Node copies off the socket are collected every few megabytes of an
// upload instead of every 32 MB (Node 20) or at a full collection (Node 24), and the process
// rests 15–130 MB smaller. The second compiles PGlite's WebAssembly with V8's optimizing
// compiler from its first call instead of a baseline compiler first: the first searches after
// a start run as fast as later ones, and the process rests about 40 MB smaller, for 1–2 s
// more at start. The tests and benches start the app with the same options (test/app-process.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src/web', 'src/contract'].map((d) => newestMtime(path.join(root, d)));
if (!existsSync(builtIndex) || Math.max(...sources) > statSync(builtIndex).mtimeMs) {
  console.log('Building the web app…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'src/server/main.ts'));
