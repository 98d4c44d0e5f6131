/**
 * Every video and tape converted to an MP4 that every browser plays, with a poster
 * (docs/media.md, "Conversion"). A stored video or tape is queued as a `media_conversions` row
 * (`processing`); the `media-conversions` background job runs on every instance and claims one
 * row at a time with a lease (`claimed_at`, renewed while ffmpeg runs, timed by the database's
 * clock), so each item is converted once on one instance and a killed worker's item is taken
 * again once its lease lapses. Each claim counts an attempt: the first run and two retries,
 * then `failed` with the contract's reason. The original is kept; the MP4 and the poster are
 * stored beside it through the storage adapter.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PLAYBACK_MSG, type MediaStatus } from '../../../contract/media-playback.js';
import type { Storage } from '../../adapters/storage/index.js';
import type { AppContext } from '../../context.js';
import type { Metrics } from '../../metrics.js';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { mediaConversions, uploads } from '../../db/schema/index.js';
import type { BackgroundJob } from '../../background/runner.js';

/** Claims of one item: the first run and two retries. */
export const CONVERSION_ATTEMPTS = 3;
/** A claim not renewed for this long is a dead worker's (renewed every third of it while ffmpeg runs). */
export const CONVERSION_LEASE_MS = 90_000;
/** How often each instance looks for waiting items unless CONVERSION_EVERY_SECONDS says otherwise (the config's default is this). */
export const CONVERSION_EVERY_MS = 3_000;
/** ffmpeg is stopped after this long on one item (a 300 MB tape at 1080p takes minutes, not this). */
const FFMPEG_TIMEOUT_MS = 30 * 60_000;
/** The niceness of ffmpeg: the API keeps the cores it needs. */
const FFMPEG_NICENESS = 15;
/** The long side of the converted picture. */
export const MAX_SIDE_PX = 1080;

type Row = typeof mediaConversions.$inferSelect;

/** A converted file's fields as answers carry them. */
export interface Playback {
  status: MediaStatus;
  playbackUrl: string | null;
  posterUrl: string | null;
  durationS: number | null;
  reason: string | null;
  width: number | null;
  height: number | null;
}

/** Queues the conversion of a stored video or tape (nothing when it is queued already). */
export async function queueConversion(db: Db | Tx, sourceKey: string): Promise<void> {
  await db.insert(mediaConversions).values({ sourceKey }).onConflictDoNothing({ target: mediaConversions.sourceKey });
}

/**
 * Removes a conversion and its outputs when its original goes (a replaced tape, a deleted
 * video). The row goes first, so a worker converting it finds no row to finish and removes
 * what it wrote.
 */
export async function dropConversion(ctx: Pick<AppContext, 'db' | 'storage'>, sourceKey: string): Promise<void> {
  const gone = await ctx.db
    .delete(mediaConversions)
    .where(inArray(mediaConversions.sourceKey, [sourceKey]))
    .returning({ playbackKey: mediaConversions.playbackKey, posterKey: mediaConversions.posterKey });
  for (const row of gone) {
    for (const key of [row.playbackKey, row.posterKey]) if (key) await ctx.storage.delete(key).catch(() => {});
  }
}

/**
 * In a transaction that removes these originals (account deletion): their conversion rows
 * go, and the converted files' keys are answered to be deleted with the originals.
 */
export async function dropConversionsOf(tx: Db | Tx, sourceKeys: string[]): Promise<string[]> {
  if (sourceKeys.length === 0) return [];
  const gone = await tx
    .delete(mediaConversions)
    .where(inArray(mediaConversions.sourceKey, [...new Set(sourceKeys)]))
    .returning({ playbackKey: mediaConversions.playbackKey, posterKey: mediaConversions.posterKey });
  return gone.flatMap((r) => [r.playbackKey, r.posterKey].filter((k): k is string => !!k));
}

/** The conversion rows of these originals, by original key. */
export async function conversionsOf(db: Db, sourceKeys: string[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  if (sourceKeys.length === 0) return out;
  const rows = await db.select().from(mediaConversions).where(inArray(mediaConversions.sourceKey, [...new Set(sourceKeys)]));
  for (const r of rows) out.set(r.sourceKey, r);
  return out;
}

/**
 * A conversion as an answer carries it. `urls` turns a stored key into the address the caller
 * loads (public videos: their `/uploads/` address; tapes: their signed address). An original
 * with no row yet (the backfill has not reached it) is `processing`.
 */
export function playbackOf(row: Row | undefined, urls: { playback(key: string): string; poster(key: string): string }): Playback {
  if (!row) return { status: 'processing', playbackUrl: null, posterUrl: null, durationS: null, reason: null, width: null, height: null };
  const status = row.status as MediaStatus;
  const ready = status === 'ready';
  return {
    status,
    playbackUrl: ready && row.playbackKey ? urls.playback(row.playbackKey) : null,
    posterUrl: ready && row.posterKey ? urls.poster(row.posterKey) : null,
    durationS: ready ? row.durationS : null,
    reason: status === 'failed' ? (row.reason ?? PLAYBACK_MSG.conversionFailed) : null,
    width: ready ? row.width : null,
    height: ready ? row.height : null,
  };
}

/** A converted file of an original, as the tape calls name it (`?file=`). */
/**
 * Sent media (an application's `media`, by public address) with each video's conversion, so
 * the applicant card plays the MP4 with its poster (docs/media.md, "Players"). Photos and
 * audios, and addresses not issued by this portal, go as they are.
 */
export async function withPlayback<T extends { url: string; type: string }>(ctx: Pick<AppContext, 'db' | 'storage'>, media: T[]): Promise<(T & Partial<Playback>)[]> {
  const videoUrls = [...new Set(media.filter((m) => m.type === 'videos').map((m) => m.url))];
  if (videoUrls.length === 0) return media;
  const keys = await ctx.db.select({ url: uploads.url, key: uploads.key }).from(uploads).where(inArray(uploads.url, videoUrls));
  const keyOf = new Map(keys.map((k) => [k.url, k.key]));
  const rows = await conversionsOf(ctx.db, [...keyOf.values()]);
  const urls = { playback: (key: string) => ctx.storage.urlFor(key), poster: (key: string) => ctx.storage.urlFor(key) };
  return media.map((m) => {
    const key = m.type === 'videos' ? keyOf.get(m.url) : undefined;
    return key ? { ...m, ...playbackOf(rows.get(key), urls) } : m;
  });
}

export const CONVERTED_FILES = ['playback', 'poster'] as const;
export type ConvertedFile = (typeof CONVERTED_FILES)[number];

/** The stored key of an original's converted MP4 or poster, once ready. */
export async function convertedKey(db: Db, sourceKey: string, file: ConvertedFile): Promise<string | null> {
  const row = (await conversionsOf(db, [sourceKey])).get(sourceKey);
  if (row?.status !== 'ready') return null;
  return (file === 'playback' ? row.playbackKey : row.posterKey) ?? null;
}

/** Where the bundled ffmpeg is (`@ffmpeg-installer/ffmpeg`, from the npm registry). */
export async function ffmpegPath(): Promise<string> {
  const mod = (await import('@ffmpeg-installer/ffmpeg')) as unknown as { path: string; default?: { path: string } };
  return mod.default?.path ?? mod.path;
}

/** Runs ffmpeg at low priority; answers its stderr, or throws with its last lines. */
export async function runFfmpeg(args: string[], timeoutMs = FFMPEG_TIMEOUT_MS): Promise<string> {
  const bin = await ffmpegPath();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (child.pid) {
      try {
        os.setPriority(child.pid, FFMPEG_NICENESS);
      } catch {
        // Not allowed here: it runs at normal priority.
      }
    }
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      err = (err + d).slice(-64 * 1024);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(err);
      else reject(new Error(`ffmpeg ${signal ?? `exit ${code}`}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** What ffmpeg said of its input: duration and the first video stream's size. */
export function describedInput(stderr: string): { durationS: number | null; width: number | null; height: number | null } {
  const d = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  const durationS = d ? Math.round((Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3])) * 100) / 100 : null;
  const v = /Stream #0:\d+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  return { durationS, width: v ? Number(v[1]) : null, height: v ? Number(v[2]) : null };
}

/** The ffmpeg arguments of the conversion: H.264 within 1080 px (rotation applied by ffmpeg), AAC, fast start. */
export function conversionArgs(input: string, output: string): string[] {
  const bound = `scale=w='min(${MAX_SIDE_PX},iw)':h='min(${MAX_SIDE_PX},ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2`;
  return [
    '-i', input,
    '-map', '0:v:0', '-map', '0:a:0?',
    '-vf', bound,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    '-movflags', '+faststart',
    '-max_muxing_queue_size', '1024',
    output,
  ];
}

/** Converts `input` (a local path or an address) into an MP4 and a poster in `dir`. */
export async function convertFile(input: string, dir: string): Promise<{ mp4: string; poster: string; durationS: number | null; width: number | null; height: number | null }> {
  const mp4 = path.join(dir, 'out.mp4');
  const poster = path.join(dir, 'poster.jpg');
  await runFfmpeg(conversionArgs(input, mp4));
  // The poster about a second in; a shorter clip gives its middle. Reading the MP4 also says its size and length.
  const probe = await runFfmpeg(['-i', mp4, '-f', 'null', '-frames:v', '0', '-']).catch((e: Error) => e.message);
  const info = describedInput(probe);
  const at = info.durationS !== null && info.durationS < 2 ? info.durationS / 2 : 1;
  await runFfmpeg(['-ss', String(at), '-i', mp4, '-frames:v', '1', '-q:v', '4', poster]);
  return { mp4, poster, ...info };
}

/** Where the job reads an original from: a local file, or the bucket's (signed) address. */
async function inputOf(storage: Storage, key: string): Promise<string | null> {
  const at = await storage.locate(key);
  if (!at) return null;
  return at.kind === 'local' ? path.join(at.root, at.path) : at.url;
}

/** Output keys beside the original: a tape's stay private, a video's are served like it. */
export function outputKeys(sourceKey: string): { playbackKey: string; posterKey: string } {
  const id = randomBytes(12).toString('hex');
  if (sourceKey.startsWith('private/')) return { playbackKey: `private/play-${id}.mp4`, posterKey: `private/poster-${id}.jpg` };
  return { playbackKey: `videos/play-${id}.mp4`, posterKey: `images/poster-${id}.jpg` };
}

/** Stores a conversion's MP4 and poster under their keys through the storage adapter (the worker's, and the demo seed's). */
export async function storeOutputs(storage: Storage, keys: { playbackKey: string; posterKey: string }, out: { mp4: string; poster: string }): Promise<void> {
  await storage.put(keys.playbackKey, createReadStream(out.mp4), 'video/mp4');
  await storage.put(keys.posterKey, createReadStream(out.poster), 'image/jpeg');
}

/** Queues every stored video and tape that has no conversion yet (the one-time backfill; cheap when nothing is missing). */
export async function backfillConversions(db: Db): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`with missing as (
          select key as source_key from uploads u
           where u.kind = 'videos' and not exists (select 1 from media_conversions c where c.source_key = u.key)
          union
          select tape_key from tape_requests t
           where t.tape_key is not null and not exists (select 1 from media_conversions c where c.source_key = t.tape_key)
        ), added as (
          insert into media_conversions (source_key) select source_key from missing on conflict (source_key) do nothing returning 1
        )
        select count(*)::int as n from added`,
  );
  return Number(rows[0]?.n ?? 0);
}

export interface ConversionWorker {
  /** Claims and converts items until none waits; answers the counts. */
  drain(): Promise<{ converted: number; failed: number; retried: number }>;
}

/**
 * The worker of one instance: `concurrency` loops, each claiming one item at a time.
 * `convert` is the conversion itself (tests give a stand-in to stop halfway).
 */
export function createConversionWorker(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  opts: { instanceId: string; concurrency: number; leaseMs?: number; convert?: typeof convertFile; metrics?: Pick<Metrics, 'conversionSeconds' | 'conversionFailures' | 'jobQueueDepth'> },
): ConversionWorker {
  const { db, storage } = ctx;
  const metrics = opts.metrics;
  const leaseMs = opts.leaseMs ?? CONVERSION_LEASE_MS;
  const convert = opts.convert ?? convertFile;
  const leaseSecs = leaseMs / 1000;

  /** Items claimed CONVERSION_ATTEMPTS times whose last claim lapsed: a worker died on each. */
  async function failWornOut(): Promise<number> {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`update media_conversions
             set status = 'failed', reason = ${PLAYBACK_MSG.conversionFailed}, claimed_by = null, claimed_at = null, updated_at = now()
           where status = 'processing' and attempts >= ${CONVERSION_ATTEMPTS}
             and (claimed_at is null or claimed_at < now() - make_interval(secs => ${leaseSecs}))
       returning id`,
    );
    return rows.length;
  }

  async function claim(): Promise<Row | null> {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`update media_conversions
             set claimed_by = ${opts.instanceId}, claimed_at = now(), attempts = attempts + 1, updated_at = now()
           where id = (
             select id from media_conversions
              where status = 'processing' and attempts < ${CONVERSION_ATTEMPTS}
                and (claimed_at is null or claimed_at < now() - make_interval(secs => ${leaseSecs}))
              order by created_at, id
              limit 1
              for update skip locked)
       returning id`,
    );
    const id = rows[0]?.id;
    if (!id) return null;
    const [row] = await db.select().from(mediaConversions).where(sql`${mediaConversions.id} = ${id}`);
    return row ?? null;
  }

  /** Keeps the claim while ffmpeg runs; answers whether it is still ours. */
  const renew = (id: string) =>
    rowsOf<{ id: string }>(
      db,
      sql`update media_conversions set claimed_at = now() where id = ${id} and claimed_by = ${opts.instanceId} and status = 'processing' returning id`,
    );

  async function finish(row: Row, set: SQLSet): Promise<boolean> {
    const done = await rowsOf<{ id: string }>(
      db,
      // `claimed_by` stays: it says which instance did the last attempt (docs/media.md).
      sql`update media_conversions set ${set}, claimed_at = null, updated_at = now()
           where id = ${row.id} and claimed_by = ${opts.instanceId} and status = 'processing' returning id`,
    );
    return done.length === 1;
  }

  async function work(row: Row): Promise<'converted' | 'failed' | 'retried' | 'lost'> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'convert-'));
    const timer = setInterval(() => void renew(row.id).catch(() => {}), Math.max(1000, leaseMs / 3));
    timer.unref();
    const keys = outputKeys(row.sourceKey);
    const started = performance.now();
    try {
      const input = await inputOf(storage, row.sourceKey);
      if (!input) throw new Error('the original is not in storage');
      const out = await convert(input, dir);
      await storeOutputs(storage, keys, out);
      clearInterval(timer);
      const kept = await finish(
        row,
        sql`status = 'ready', playback_key = ${keys.playbackKey}, poster_key = ${keys.posterKey}, duration_s = ${out.durationS},
            width = ${out.width}, height = ${out.height}, reason = null`,
      );
      if (!kept) {
        // The original went (or another worker took the item after our lease lapsed): what we wrote is nobody's.
        await storage.delete(keys.playbackKey).catch(() => {});
        await storage.delete(keys.posterKey).catch(() => {});
        return 'lost';
      }
      // /metrics (docs/operations.md): how long conversions take.
      metrics?.conversionSeconds.observe((performance.now() - started) / 1000);
      return 'converted';
    } catch (error) {
      clearInterval(timer);
      await storage.delete(keys.playbackKey).catch(() => {});
      await storage.delete(keys.posterKey).catch(() => {});
      const last = row.attempts >= CONVERSION_ATTEMPTS;
      log.warn({ err: error, sourceKey: row.sourceKey, attempt: row.attempts }, last ? 'media conversion failed for good' : 'media conversion failed; it is retried');
      // A retry waits for the next pass; the last attempt says why to the owner (the log keeps ffmpeg's words).
      await finish(row, last ? sql`status = 'failed', reason = ${PLAYBACK_MSG.conversionFailed}` : sql`status = 'processing'`);
      metrics?.conversionFailures.inc({ outcome: last ? 'failed' : 'retried' });
      return last ? 'failed' : 'retried';
    } finally {
      clearInterval(timer);
      await rm(dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  return {
    async drain() {
      const counts = { converted: 0, failed: await failWornOut(), retried: 0 };
      if (metrics) {
        // Queue depth for /metrics: what waits for conversion as this pass starts.
        const [waiting] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from media_conversions where status = 'processing'`);
        metrics.jobQueueDepth.set({ job: 'media-conversions' }, waiting?.n ?? 0);
      }
      const loop = async () => {
        for (;;) {
          const row = await claim();
          if (!row) return;
          const outcome = await work(row);
          if (outcome !== 'lost') counts[outcome] += 1;
          // A retry is taken by the next pass, after the other items.
          if (outcome === 'retried') return;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, loop));
      return counts;
    },
  };
}

type SQLSet = ReturnType<typeof sql>;

/** The background job: on every instance, each pass drains the queue. */
export function conversionJob(ctx: AppContext, log: FastifyBaseLogger, instanceId: string, metrics?: Metrics): BackgroundJob {
  const worker = createConversionWorker(ctx, log, { instanceId, concurrency: ctx.config.env.TRANSCODE_CONCURRENCY, metrics });
  return { name: 'media-conversions', everyMs: ctx.config.env.CONVERSION_EVERY_SECONDS * 1000, runsOn: 'every', run: () => worker.drain() };
}

/** Queues what was stored before conversions existed, once per start (docs/media.md, "Conversion"). */
export function conversionBackfillJob(ctx: AppContext): BackgroundJob {
  return {
    name: 'media-backfill',
    everyMs: CONVERSION_EVERY_MS,
    passesPerStart: 1,
    runsOn: 'every',
    run: async () => ({ queued: await backfillConversions(ctx.db) }),
  };
}
