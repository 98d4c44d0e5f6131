/**
 * Builds the web app (unless dist/web is newer than everything it is built from), starts an
 * SMTP sink and the real app once for the whole end-to-end suite. Mail lands in a folder the
 * specs read codes from.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtpSink } from '../test/smtp-sink.js';
import { startAppProcess } from '../test/app-process.js';
import { E2E_ADMIN_EMAIL } from './admin-email.js';
import { E2E_CONVERSION_EVERY_SECONDS, E2E_SLOT_LOCK_MINUTES, E2E_UNDO_SECONDS } from './short-waits.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    smtpUrl: string;
  }
}

/** The newest modification time (ms) of a file at or under `entry`; 0 when there is none. */
function newest(entry: string): number {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

/**
 * Whether dist/web is older than what the web build reads: src/ (the web app and the
 * contract it imports; all of it, to be safe), the build's configuration and the installed
 * packages. `npm ci` (its prepare step) and `npm run build` already built it, and building
 * again here cost every run of the suite a few seconds (6 s on an idle two-core machine);
 * a change since, or E2E_BUILD=1, builds again.
 */
function webBuildIsStale(): boolean {
  if (process.env.E2E_BUILD === '1') return true;
  const built = statSync('dist/web/index.html', { throwIfNoEntry: false });
  if (!built) return true;
  const inputs = ['src', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json'];
  return Math.max(...inputs.map(newest)) > built.mtimeMs;
}

export default async function setup(project: TestProject) {
  // A production build, as users get it (vitest itself runs with NODE_ENV=test).
  if (webBuildIsStale()) {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }

  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'audition-e2e-mail-'));
  await mkdir(mailDir, { recursive: true });
  // Written whole, then renamed, so a reader never sees half a message. Each mail has its own
  // temporary name: two mails to one address at once (a notice and a code) must not share one.
  const sink = await startSmtpSink((mail) => {
    const file = path.join(mailDir, `${mail.to}.json`);
    const temporary = `${file}.${randomUUID()}.tmp`;
    void writeFile(temporary, JSON.stringify(mail)).then(() => rename(temporary, file));
  });
  const app = await startAppProcess({
    SMTP_URL: sink.url,
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    DECISION_UNDO_SECONDS: String(E2E_UNDO_SECONDS),
    SLOT_LOCK_MINUTES: String(E2E_SLOT_LOCK_MINUTES),
    CONVERSION_EVERY_SECONDS: String(E2E_CONVERSION_EVERY_SECONDS),
  });
  project.provide('baseUrl', app.baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('smtpUrl', sink.url);

  return async () => {
    await app.stop();
    await sink.close();
    await rm(mailDir, { recursive: true, force: true });
  };
}
