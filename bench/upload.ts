/**
 * Upload throughput and memory (issue 4): a 200 MB video streamed through the app over
 * loopback HTTP onto local disk, beside a plain copy of the same file on the same disk,
 * with the process's peak resident memory during the upload. Server and client share
 * this process, so the memory figure covers both.
 *
 *   npx tsx bench/upload.ts [sizeMB]
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { closeContext, createContext } from '../src/server/context.js';
import { users } from '../src/server/db/schema/index.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { MP4_HEAD } from '../test/media-files.js';
import { sampleMemory, streamUpload } from '../test/stream-upload.js';

const MB = 1024 * 1024;

export interface UploadBench {
  sizeMB: number;
  uploadMBps: number;
  copyFileMBps: number;
  streamCopyMBps: number;
  baselineRssMB: number;
  peakRssMB: number;
  rssGrowthMB: number;
}

export async function measureUpload(sizeMB = 200): Promise<UploadBench> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-bench-upload-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    // Production refuses to start without these; the upload sends no mail and sells nothing.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PAYMENTS: 'demo',
  });
  const ctx = await createContext(config, () => {});
  const app = await buildApp(ctx, { logger: false, serveWeb: false });
  try {
    const [user] = await ctx.db
      .insert(users)
      .values({ email: `bench-${Date.now()}@example.com`, fname: 'bench', passwordHash: 'not-a-login' })
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    const token = await signToken(config.jwtSecret, user!.id, user!.tokenVersion);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const send = (size: number, filename: string) =>
      streamUpload({ origin, path: '/api/storage/videos', token, filename, head: MP4_HEAD, size });

    await send(8 * MB, 'warm.mp4');
    const memory = sampleMemory();
    const res = await send(sizeMB * MB, 'bench.mp4');
    const mem = memory.stop();
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.body}`);

    const { url } = JSON.parse(res.body) as { url: string };
    const stored = path.join(dataDir, 'uploads', ...url.replace('/uploads/', '').split('/'));
    if ((await stat(stored)).size !== sizeMB * MB) throw new Error('stored size differs');

    let started = performance.now();
    await copyFile(stored, path.join(dataDir, 'copy.bin'));
    const copyMs = performance.now() - started;
    started = performance.now();
    await pipeline(createReadStream(stored), createWriteStream(path.join(dataDir, 'stream-copy.bin')));
    const streamMs = performance.now() - started;

    const rate = (ms: number) => Math.round((sizeMB / (ms / 1000)) * 10) / 10;
    const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
    return {
      sizeMB,
      uploadMBps: rate(res.ms),
      copyFileMBps: rate(copyMs),
      streamCopyMBps: rate(streamMs),
      baselineRssMB: mb(mem.baseline),
      peakRssMB: mb(mem.peak),
      rssGrowthMB: mb(mem.grewBy),
    };
  } finally {
    await app.close();
    await closeContext(ctx);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const size = Number(process.argv[2] ?? 200);
  measureUpload(size).then(
    (r) => {
      console.log(`upload of ${r.sizeMB} MB through the app: ${r.uploadMBps} MB/s`);
      console.log(`plain copy on the same disk: ${r.copyFileMBps} MB/s (copyFile), ${r.streamCopyMBps} MB/s (streamed)`);
      console.log(`process RSS: ${r.baselineRssMB} MB before, ${r.peakRssMB} MB peak (+${r.rssGrowthMB} MB)`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
