/**
 * Demo self-tapes (docs/media.md, "Demo tapes"; docs/self-tapes.md): on the first demo studio
 * account's job that has demo applications, its first three applicants (those the demo review
 * link shares) get a tape request with two pages of sides and a sent tape that is
 * `ready`, with its converted MP4 and poster, so the board, the card and the review room play
 * something from the first start. Once; never with NODE_ENV=production.
 *
 * No video is committed: a 4-second clip is made here with the bundled ffmpeg and put through
 * the real conversion (`convertFile`) once; each tape then gets its own original, MP4 and
 * poster under the keys the upload and the worker use, through the storage adapter, and a
 * `media_conversions` row as a finished worker leaves it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { Readable } from 'node:stream';
import path from 'node:path';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AppContext } from '../context.js';
import { applications, jobs, mediaConversions, studioFiles, tapeRequests } from '../db/schema/index.js';
import { historyAction } from '../modules/history/index.js';
import { convertFile, outputKeys, runFfmpeg, storeOutputs } from '../modules/media/index.js';
import { demoStudioIds } from './studio-accounts.js';

/** How many applicants of the job get a tape: the review link's three (demo-review.ts). */
const TAPES = 3;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The worker's name in `claimed_by` (docs/media.md: the instance that did the last attempt). */
export const DEMO_CONVERTER = 'demo-seed';

const INSTRUCTIONS = 'Scene 4, framed from the chest up. Slate your name and height first, then the scene once through.';
const SIDES = [
  ['SCENE 4. INT. RAILWAY WAITING ROOM - NIGHT', 'MEERA sits alone. A train announcement echoes.', 'MEERA: You said the last train was at ten.', 'ARJUN: I said the last train I would take.'],
  ['SCENE 4 (CONT.)', 'MEERA: Then take this one.', 'She holds out the ticket. He does not move.', 'ARJUN: Some journeys you make by staying.'],
];

/** Two pages of sides, as a studio would upload them (the stamp is added on each download). */
async function sidesPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Courier);
  for (const lines of SIDES) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 760 - i * 28, size: 12, font }));
  }
  return Buffer.from(await doc.save());
}

/** A 4-second 640×360 H.264/AAC clip (a test picture and a tone), made by the bundled ffmpeg in `dir`. */
export async function makeDemoClip(dir: string): Promise<string> {
  const clip = path.join(dir, 'demo-tape.mp4');
  await runFfmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4',
    '-f', 'lavfi', '-i', 'sine=frequency=330:duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
    clip,
  ]);
  return clip;
}

export async function seedDemoTapes(ctx: AppContext, log: (line: string) => void, now = new Date()): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db, storage } = ctx;
  const ids = await demoStudioIds(db);
  if (ids.length === 0) return 0;
  const [already] = await db.select({ id: tapeRequests.id }).from(tapeRequests).innerJoin(jobs, eq(jobs.id, tapeRequests.jobId)).where(inArray(jobs.studioId, ids)).limit(1);
  if (already) return 0;
  // The first job with demo applications and its first applicants, as the review link chooses
  // them (demo-review.ts), so the demo room plays a tape for each; a decision may follow a tape.
  const apps = await db
    .select({ id: applications.id, jobId: applications.jobId, performerId: applications.performerId, studioId: jobs.studioId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(inArray(jobs.studioId, ids), ne(applications.status, 'withdrawn')))
    .orderBy(asc(jobs.createdAt), asc(applications.createdAt), asc(applications.id))
    .limit(20);
  const first = apps[0];
  if (!first) return 0;
  const chosen = apps.filter((a) => a.jobId === first.jobId).slice(0, TAPES);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'demo-tapes-'));
  const written: string[] = [];
  try {
    const clip = await makeDemoClip(dir);
    // The real conversion, once: every demo tape is this clip, so each gets a copy of its outputs.
    const out = await convertFile(clip, dir);
    const sidesKey = `private/sides-${randomBytes(12).toString('hex')}.pdf`;
    const pdf = await sidesPdf();
    written.push(sidesKey);
    const { size } = await storage.put(sidesKey, Readable.from([pdf]), 'application/pdf');
    const tapes: { app: (typeof chosen)[number]; tapeKey: string; keys: ReturnType<typeof outputKeys> }[] = [];
    for (const app of chosen) {
      // The upload's key for an MP4 tape (self-tapes.service.ts, storeTape), and the worker's outputs beside it.
      const tapeKey = `private/tape-${randomBytes(12).toString('hex')}.mp4`;
      const keys = outputKeys(tapeKey);
      written.push(tapeKey, keys.playbackKey, keys.posterKey);
      await storage.put(tapeKey, createReadStream(clip), 'video/mp4');
      await storeOutputs(storage, keys, out);
      tapes.push({ app, tapeKey, keys });
    }
    const made = await db.transaction(async (tx) => {
      // Two instances starting together: the second finds the first's rows and writes none (its files go in `finally`).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('audition:seed-demo-tapes'))`);
      const [taken] = await tx.select({ id: tapeRequests.id }).from(tapeRequests).innerJoin(jobs, eq(jobs.id, tapeRequests.jobId)).where(inArray(jobs.studioId, ids)).limit(1);
      if (taken) return false;
      const [file] = await tx.insert(studioFiles).values({ studioId: first.studioId, storageKey: sidesKey, pages: SIDES.length, size, createdAt: new Date(now.getTime() - 3 * DAY) }).returning({ id: studioFiles.id });
      for (const [i, { app, tapeKey, keys }] of tapes.entries()) {
        const requestedAt = new Date(now.getTime() - 3 * DAY + i * HOUR);
        const sentAt = new Date(now.getTime() - DAY + i * HOUR);
        await tx.insert(tapeRequests).values({
          applicationId: app.id,
          jobId: app.jobId,
          performerId: app.performerId,
          instructions: INSTRUCTIONS,
          sidesFileId: file!.id,
          sidesPages: SIDES.length,
          deadline: new Date(now.getTime() + 4 * DAY),
          status: 'submitted',
          acceptedAt: new Date(requestedAt.getTime() + 2 * HOUR),
          tapeId: randomUUID(),
          tapeKey,
          tapeSubmittedAt: sentAt,
          // The first one the studio has watched, so the board shows both states.
          tapeWatchedAt: i === 0 ? new Date(sentAt.getTime() + 2 * HOUR) : null,
          createdAt: requestedAt,
        });
        await tx.update(applications).set({ history: historyAction('tape_request', requestedAt, undefined) }).where(eq(applications.id, app.id));
        // As the worker leaves a finished item (conversions.ts, `finish`).
        await tx.insert(mediaConversions).values({
          sourceKey: tapeKey,
          status: 'ready',
          attempts: 1,
          claimedBy: DEMO_CONVERTER,
          playbackKey: keys.playbackKey,
          posterKey: keys.posterKey,
          durationS: out.durationS,
          width: out.width,
          height: out.height,
          createdAt: sentAt,
          updatedAt: sentAt,
        });
      }
      return true;
    });
    if (!made) return 0;
    written.length = 0;
  } finally {
    // A seed that failed half-way leaves no file behind (the next start tries again).
    for (const key of written) await storage.delete(key).catch(() => {});
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
  log(`seeded ${chosen.length} demo tapes, ready to play`);
  return chosen.length;
}
