/**
 * Starts the real built app as its own process (as `npm start` runs it) on a free
 * loopback port with a new data directory, and stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface AppProcess {
  baseUrl: string;
  dataDir: string;
  /** The app's own process (its memory is read from /proc by the bench). */
  pid: number;
  stop(): Promise<void>;
  /** kill -9: the process ends at once, mid-whatever, with no chance to clean up. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The Node options `npm start` gives the app: those between `node` and the script in
 * package.json's `start` (docs/performance.md, "Memory"), so an app started here runs as
 * `npm start` runs it.
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  if (words[0] !== 'node') throw new Error(`package.json's start script does not run node: ${pkg.scripts.start}`);
  return words.slice(1).filter((word) => word.startsWith('--'));
}

/** Starts the app; `dataDir` reuses a folder (kept on stop), otherwise a new one is made and removed. */
export async function startAppProcess(env: Record<string, string>, opts: { dataDir?: string } = {}): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'audition-app-')));
  const child: ChildProcess = spawn(process.execPath, [...startFlags(), '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100', REDIS_KEY_PREFIX: `audition-test-${port}-${Date.now()}:`, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // 90 s by default; APP_START_SECONDS gives a machine shared by many test runs longer (its first
  // start transpiles, migrates and seeds the demo data).
  const deadline = Date.now() + Number(process.env.APP_START_SECONDS ?? 90) * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the app did not start within ${process.env.APP_START_SECONDS ?? 90} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // The app forces its own exit 10 s after SIGTERM (main.ts); one still running at 20 s is
        // said out loud and killed, so a stuck stop shows in the output instead of timing out a hook.
        const stuck = setTimeout(() => {
          console.warn(`the app (pid ${child.pid}) did not exit within 20 s of SIGTERM; killing it`);
          child.kill('SIGKILL');
        }, 20_000);
        await exited;
        clearTimeout(stuck);
      }
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
