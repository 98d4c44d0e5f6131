/**
 * Bench rows of resumable uploads and conversions (docs/media.md, "Bench"; docs/performance.md):
 *
 * - tus against multipart: `BENCH_TUS_MB` (200 unless told) of video sent as the web sends it,
 *   by tus in 5 MB PATCHes (the web's piece) and registered with `from-upload`, beside the same
 *   bytes in one multipart request, `BENCH_TUS_ROUNDS` (5) of each alternating; the medians'
 *   MB/s from the first byte to the answer, and the app's highest peak resident memory over
 *   its resting size during one (VmHWM, reset before each).
 * - the job board's p95 while a conversion runs: the uncached first page (a cursor above every
 *   job, as the job board rows) before a video is sent, while the app's ffmpeg converts it
 *   (an ffmpeg child of the app is running at the first and at the last request), and after.
 *
 * Both on PGlite, the app started as `npm start` runs it (production settings, one instance,
 * TRANSCODE_CONCURRENCY=1). `npm run bench -- tus` or `npx tsx bench/media-uploads.ts`.
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../src/server/db/client.js';
import { users } from '../src/server/db/schema/index.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { runFfmpeg } from '../src/server/modules/media/index.js';
import { seedStudios } from '../src/server/seed/index.js';
import { RESUMABLE_UPLOADS } from '../src/contract/media-playback.js';
import { startAppProcess, type AppProcess } from '../test/app-process.js';
import { mp4Head, multipart } from '../test/media-files.js';
import { streamUpload } from '../test/stream-upload.js';
import { fromTheTop, seedJobs } from './job-board.js';
import { latencies, round } from './load.js';
import { runAlone, type Add } from './run-alone.js';
import { BENCH_ENV, BENCH_JWT_SECRET } from './seeded-app.js';

const MB = 1024 * 1024;
const TUS_MB = Number(process.env.BENCH_TUS_MB ?? 200);
/** Uploads of each kind, alternating; the row compares their medians. */
const TUS_ROUNDS = Number(process.env.BENCH_TUS_ROUNDS ?? 5);
const BOARD_JOBS = Number(process.env.BENCH_CONVERSION_JOBS ?? 10_000);
const REQUESTS = 200;
/** The clip converted during the board's row: long enough that its conversion outlasts the requests. */
const CLIP_SECONDS = Number(process.env.BENCH_CONVERSION_CLIP_S ?? 20);

async function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(await readFile(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** The app with `accounts` performers written before it opens its PGlite (one process's alone); answers their tokens. */
async function appWith(accounts: number, seed?: (db: Db) => Promise<void>): Promise<{ app: AppProcess; tokens: string[]; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-bench-media-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const secret = new TextEncoder().encode(BENCH_JWT_SECRET);
  const tokens: string[] = [];
  try {
    for (let i = 0; i < accounts; i++) {
      const [user] = await database.db
        .insert(users)
        .values({ email: `bench-media-${i}-${Date.now()}@example.com`, fname: 'bench', passwordHash: 'not-a-login' })
        .returning({ id: users.id, tokenVersion: users.tokenVersion });
      tokens.push(await signToken(secret, user!.id, user!.tokenVersion));
    }
    await seed?.(database.db);
  } finally {
    await database.close();
  }
  return { app: await startAppProcess({ ...BENCH_ENV, TRANSCODE_CONCURRENCY: '1' }, { dataDir }), tokens, dataDir };
}

/** The bytes of the video sent: the MP4 head the upload checks read, then the same pattern stream-upload.ts sends. */
function videoBytes(size: number): { piece(offset: number, length: number): Buffer } {
  const head = mp4Head(size);
  const pattern = Buffer.alloc(MB);
  for (let i = 0; i < MB; i += 1) pattern[i] = (i * 31) & 0xff;
  // Pieces of the same bytes are made once, as multipart's filler is (the web slices its file
  // without copying it); past the head, the 5 MB pieces are all the same bytes.
  const made = new Map<string, Buffer>();
  return {
    piece(offset, length) {
      const key = offset < head.length ? `head ${offset} ${length}` : `${(offset - head.length) % MB} ${length}`;
      let out = made.get(key);
      if (!out) {
        out = build(offset, length);
        made.set(key, out);
      }
      return out;
    },
  };
  function build(offset: number, length: number): Buffer {
    const out = Buffer.alloc(length);
    for (let at = 0; at < length; ) {
      const pos = offset + at;
      if (pos < head.length) {
        at += head.copy(out, at, pos, Math.min(head.length, pos + length - at));
      } else {
        const inPattern = (pos - head.length) % MB;
        at += pattern.copy(out, at, inPattern, Math.min(MB, inPattern + length - at));
      }
    }
    return out;
  }
}

/** One request over a kept-alive agent: status, headers and body. */
function send(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A tus upload in the web's pieces, then `from-upload`: milliseconds from the creation to the stored answer, and of the registration alone. */
async function tusUpload(origin: string, token: string, size: number): Promise<{ ms: number; registerMs: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bytes = videoBytes(size);
  const auth = { 'x-auth-token': token, 'tus-resumable': '1.0.0' };
  const meta = `kind ${Buffer.from('videos').toString('base64')},filename ${Buffer.from('bench.mp4').toString('base64')}`;
  // Made before the clock starts, as multipart's bytes are: the web's pieces are slices of a file.
  for (let offset = 0; offset < size; offset += RESUMABLE_UPLOADS.chunkBytes) bytes.piece(offset, Math.min(RESUMABLE_UPLOADS.chunkBytes, size - offset));
  const started = performance.now();
  try {
    const made = await send(agent, `${origin}${RESUMABLE_UPLOADS.path}`, 'POST', { ...auth, 'upload-length': String(size), 'upload-metadata': meta });
    if (made.status !== 201) throw new Error(`tus creation answered ${made.status}: ${made.body}`);
    const at = new URL(String(made.headers.location), origin);
    const id = at.pathname.split('/').pop()!;
    for (let offset = 0; offset < size; ) {
      const length = Math.min(RESUMABLE_UPLOADS.chunkBytes, size - offset);
      const res = await send(agent, at.toString(), 'PATCH', { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes.piece(offset, length));
      if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${res.body}`);
      offset = Number(res.headers['upload-offset']);
    }
    const registering = performance.now();
    const done = await send(agent, `${origin}/api/storage/videos/from-upload`, 'POST', { 'x-auth-token': token, 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ uploadId: id })));
    if (done.status !== 200) throw new Error(`from-upload answered ${done.status}: ${done.body}`);
    const now = performance.now();
    return { ms: now - started, registerMs: now - registering };
  } finally {
    agent.destroy();
  }
}

/** Runs `work` with the app's memory high-water mark reset before it: answers its time and the peak over the resident size before. */
/** The app's CPU time so far in ms (user and system, every thread), from /proc: less moved by other processes on the cores than wall time. */
async function cpuMsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime (fields 14 and 15, counted from the state as field 3), in ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function withPeak(pid: number, work: () => Promise<number>): Promise<{ ms: number; growthMB: number; cpuMs: number }> {
  // The last upload's 200 MB are written out first, so its write-back does not slow this one.
  spawnSync('sync');
  const before = await memoryOf(pid, 'VmRSS');
  // Writing 5 to clear_refs sets the high-water mark back to the resident size now.
  await writeFile(`/proc/${pid}/clear_refs`, '5');
  const cpuBefore = await cpuMsOf(pid);
  const ms = await work();
  const cpuMs = (await cpuMsOf(pid)) - cpuBefore;
  const peak = Math.max(before, await memoryOf(pid, 'VmHWM'));
  return { ms, growthMB: round((peak - before) / MB, 1), cpuMs };
}

export async function tusAgainstMultipart(add: Add): Promise<void> {
  console.log(`tus against multipart, ${TUS_MB} MB…`);
  const size = TUS_MB * MB;
  const { app, tokens, dataDir } = await appWith(1 + 2 * TUS_ROUNDS);
  try {
    // A warm-up of each path, so neither pays first-use costs (the tus store's folder, the type check's modules).
    const warm = 8 * MB;
    await streamUpload({ origin: app.baseUrl, path: '/api/storage/videos', token: tokens[0]!, filename: 'warm.mp4', head: mp4Head(warm), size: warm });
    await tusUpload(app.baseUrl, tokens[0]!, warm);
    // One upload of 200 MB takes half a second: one of each moved by a third between runs, so
    // the two alternate, each on an account of its own, and the medians are compared.
    const multis: { ms: number; growthMB: number; cpuMs: number }[] = [];
    const tuses: { ms: number; growthMB: number; cpuMs: number; registerMs: number }[] = [];
    for (let round = 0; round < TUS_ROUNDS; round += 1) {
      multis.push(
        await withPeak(app.pid, async () => {
          const res = await streamUpload({ origin: app.baseUrl, path: '/api/storage/videos', token: tokens[1 + 2 * round]!, filename: 'bench.mp4', head: mp4Head(size), size });
          if (res.status !== 200) throw new Error(`multipart answered ${res.status}: ${res.body}`);
          return res.ms;
        }),
      );
      let registerMs = 0;
      const tus = await withPeak(app.pid, async () => {
        const r = await tusUpload(app.baseUrl, tokens[2 + 2 * round]!, size);
        registerMs = r.registerMs;
        return r.ms;
      });
      tuses.push({ ...tus, registerMs });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const multi = { ms: median(multis.map((m) => m.ms)), growthMB: Math.max(...multis.map((m) => m.growthMB)) };
    const tus = { ms: median(tuses.map((t) => t.ms)), growthMB: Math.max(...tuses.map((t) => t.growthMB)) };
    const registerMs = median(tuses.map((t) => t.registerMs));
    const cpu = { tus: median(tuses.map((t) => t.cpuMs)) / 1000, multi: median(multis.map((m) => m.cpuMs)) / 1000 };
    const rate = (ms: number) => round(TUS_MB / (ms / 1000), 1);
    add(
      `upload ${TUS_MB} MB by tus in ${RESUMABLE_UPLOADS.chunkBytes / MB} MB pieces, then from-upload [PGlite]`,
      `median of ${TUS_ROUNDS}: ${rate(tus.ms)} MB/s (${round(tus.ms / 1000, 2)} s, of which from-upload ${round(registerMs / 1000, 2)} s), the app's CPU ${round(cpu.tus, 2)} s, peak +${tus.growthMB} MB; ${round(rate(tus.ms) / rate(multi.ms), 2)}× multipart (aim ≥ 0.8×: ${rate(tus.ms) >= 0.8 * rate(multi.ms) ? 'met' : 'not met'})`,
      `one multipart request, median of ${TUS_ROUNDS} alternating with tus: ${rate(multi.ms)} MB/s (${round(multi.ms / 1000, 2)} s), the app's CPU ${round(cpu.multi, 2)} s, peak +${multi.growthMB} MB`,
    );
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The app's running ffmpeg children (their pids), read from /proc. */
async function ffmpegChildren(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const task of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const children = (await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).filter(Boolean).map(Number);
    for (const child of children) {
      const comm = (await readFile(`/proc/${child}/comm`, 'utf8').catch(() => '')).trim();
      if (comm.startsWith('ffmpeg')) out.push(child);
    }
  }
  return out;
}

export async function boardDuringConversion(add: Add): Promise<void> {
  console.log(`job board p95 during a conversion: seeding ${BOARD_JOBS} jobs…`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-clip-'));
  const { app, tokens, dataDir } = await appWith(1, async (db) => {
    await seedStudios(db, Math.max(100, Math.round(BOARD_JOBS / 10)));
    await seedJobs(db, BOARD_JOBS);
  });
  try {
    // A phone's tape in size: 1080p at 30 frames, made before anything is timed.
    const clip = path.join(dir, 'clip.mp4');
    await runFfmpeg([
      '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${CLIP_SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip,
    ]);
    let first = 0;
    const board = () => {
      const from = first;
      first += REQUESTS;
      return latencies(REQUESTS, (i) => `${app.baseUrl}/api/jobs?cursor=${fromTheTop(from + i)}`);
    };
    await latencies(20, (i) => `${app.baseUrl}/api/jobs?cursor=${fromTheTop(1_000_000 + i)}`);
    const before = await board();

    const form = multipart({ filename: 'tape.mp4', body: await readFile(clip), contentType: 'video/mp4' });
    const stored = await fetch(`${app.baseUrl}/api/storage/videos`, { method: 'POST', headers: { ...form.headers, 'x-auth-token': tokens[0]! }, body: new Uint8Array(form.payload) });
    if (stored.status !== 200) throw new Error(`the video answered ${stored.status}: ${await stored.text()}`);
    // The background job takes it within a pass (3 s): wait for its ffmpeg.
    const waitStarted = performance.now();
    while ((await ffmpegChildren(app.pid)).length === 0) {
      if (performance.now() - waitStarted > 30_000) throw new Error('no conversion started within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const during = await board();
    const stillRunning = (await ffmpegChildren(app.pid)).length > 0;
    const convStarted = performance.now();
    while ((await ffmpegChildren(app.pid)).length > 0) {
      if (performance.now() - convStarted > 600_000) throw new Error('the conversion did not end within 10 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const after = await board();
    const without = Math.max(before.p95, after.p95);
    add(
      `job board at ${BOARD_JOBS.toLocaleString('en')} jobs, first page uncached, while a ${CLIP_SECONDS} s 1080p video converts [PGlite]`,
      `p50 ${during.p50} ms, p95 ${during.p95} ms (${REQUESTS} requests${stillRunning ? ', ffmpeg running throughout' : ', THE CONVERSION ENDED BEFORE THE LAST REQUEST'}); ${round(during.p95 / without, 2)}× (aim ≤ 1.5×: ${during.p95 <= 1.5 * without ? 'met' : 'not met'})`,
      `no conversion: before p50 ${before.p50} ms, p95 ${before.p95} ms; after p50 ${after.p50} ms, p95 ${after.p95} ms`,
    );
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  }
}

export async function mediaUploadsBench(add: Add): Promise<void> {
  await tusAgainstMultipart(add);
  // BENCH_MEDIA_ROWS=tus: the upload row alone (docs/media.md, "Bench rows").
  if (process.env.BENCH_MEDIA_ROWS !== 'tus') await boardDuringConversion(add);
}

await runAlone(import.meta, mediaUploadsBench);
