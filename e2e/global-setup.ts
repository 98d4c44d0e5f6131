/**
 * Builds the web app, starts an SMTP sink and the real app once for the whole
 * end-to-end suite. Mail lands in a folder the specs read codes from.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtpSink } from '../test/smtp-sink.js';
import { startAppProcess } from '../test/app-process.js';
import { E2E_ADMIN_EMAIL } from './admin-email.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    smtpUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // A production build, as users get it (vitest itself runs with NODE_ENV=test).
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');

  const mailDir = await mkdtemp(path.join(os.tmpdir(), 'audition-e2e-mail-'));
  await mkdir(mailDir, { recursive: true });
  // Written whole, then renamed, so a reader never sees half a message. Each mail has its own
  // temporary name: two mails to one address at once (a notice and a code) must not share one.
  const sink = await startSmtpSink((mail) => {
    const file = path.join(mailDir, `${mail.to}.json`);
    const temporary = `${file}.${randomUUID()}.tmp`;
    void writeFile(temporary, JSON.stringify(mail)).then(() => rename(temporary, file));
  });
  const app = await startAppProcess({ SMTP_URL: sink.url, ADMIN_EMAILS: E2E_ADMIN_EMAIL });
  project.provide('baseUrl', app.baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('smtpUrl', sink.url);

  return async () => {
    await app.stop();
    await sink.close();
    await rm(mailDir, { recursive: true, force: true });
  };
}
