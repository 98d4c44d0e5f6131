/** The baseline beside a measured row: a bare Fastify route answering the same JSON, in its own process. */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/app-process.js';

/** Starts bench/bare-server.ts answering `body` at `${url}/user`. */
export async function startBare(body: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `audition-bare-${port}.json`);
  await writeFile(file, body);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { env: { ...process.env, PORT: String(port), BARE_BODY_FILE: file }, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  // Up to a minute: on a loaded machine tsx alone can take longer than ten seconds.
  for (let i = 0; !(await fetch(`${url}/user`).then((r) => r.ok, () => false)); i++) {
    if (i === 600) throw new Error('the bare Fastify route did not start within a minute');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: async () => void child.kill('SIGTERM') };
}
