/**
 * Upload throughput and memory (issue 4): a 200 MB video streamed through the app over
 * loopback HTTP onto local disk, beside a plain copy of the same file on the same disk.
 * The app runs as its own process on a new PGlite data directory (as `npm start` does),
 * so its memory is its own: the resident size after a warm-up upload, and the peak during
 * the big one (the kernel's high-water mark, VmHWM, reset just before it).
 *
 *   npx tsx bench/upload.ts [sizeMB]
 */
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../src/server/db/client.js';
import { users } from '../src/server/db/schema/index.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { startAppProcess } from '../test/app-process.js';
import { mp4Head } from '../test/media-files.js';
import { streamUpload } from '../test/stream-upload.js';
import { BENCH_ENV, BENCH_JWT_SECRET } from './seeded-app.js';

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

/** A line of /proc/<pid>/status in bytes (VmRSS: resident now, VmHWM: resident at most). */
async function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(await readFile(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

export async function measureUpload(sizeMB = 200): Promise<UploadBench> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-bench-upload-'));
  // The uploader's account, written before the app opens the data directory (PGlite is one process's).
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const [user] = await database.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.com`, fname: 'bench', passwordHash: 'not-a-login' })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  await database.close();
  const token = await signToken(new TextEncoder().encode(BENCH_JWT_SECRET), user!.id, user!.tokenVersion);
  const app = await startAppProcess(BENCH_ENV, { dataDir });
  try {
    const send = (size: number, filename: string) =>
      streamUpload({ origin: app.baseUrl, path: '/api/storage/videos', token, filename, head: mp4Head(size), size });

    await send(8 * MB, 'warm.mp4');
    const baseline = await memoryOf(app.pid, 'VmRSS');
    // Writing 5 to clear_refs sets the high-water mark back to the resident size now.
    await writeFile(`/proc/${app.pid}/clear_refs`, '5');
    const res = await send(sizeMB * MB, 'bench.mp4');
    const peak = Math.max(baseline, await memoryOf(app.pid, 'VmHWM'));
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
      baselineRssMB: mb(baseline),
      peakRssMB: mb(peak),
      rssGrowthMB: mb(peak - baseline),
    };
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const size = Number(process.argv[2] ?? 200);
  measureUpload(size).then(
    (r) => {
      console.log(`upload of ${r.sizeMB} MB through the app: ${r.uploadMBps} MB/s`);
      console.log(`plain copy on the same disk: ${r.copyFileMBps} MB/s (copyFile), ${r.streamCopyMBps} MB/s (streamed)`);
      console.log(`app process RSS: ${r.baselineRssMB} MB before, ${r.peakRssMB} MB peak (+${r.rssGrowthMB} MB)`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
