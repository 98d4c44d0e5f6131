/**
 * Videos and tapes converted in the background (docs/media.md, "Conversion"): an iPhone-like
 * HEVC .mov made here with the bundled ffmpeg becomes an H.264/AAC fast-start MP4 with a JPEG
 * poster; a dead worker's item is taken again; a file ffmpeg cannot convert ends `failed`
 * with the reason the owner reads; another account's converted files answer 404.
 * PGlite, or PostgreSQL with TEST_DB=postgres.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_MSG } from '../../../contract/media-playback.js';
import type { OwnMediaItem } from '../../../contract/uploads.js';
import type { TapeRequest } from '../../../contract/self-tapes.js';
import { mediaConversions, tapeRequests } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { multipart } from '../../../../test/media-files.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { backfillConversions, createConversionWorker, runFfmpeg } from './conversions.js';

let t: TestApp;
let studio: StudioAccount;
let job: { _id: string };
let hevcMov: Buffer;
let soundOnlyMp4: Buffer;
const quiet = { info() {}, warn() {} };

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const worker = (instanceId = 'test-instance') => createConversionWorker(t.ctx, quiet, { instanceId, concurrency: 1, leaseMs: 60_000 });

/** Runs passes until nothing waits (a retry waits for the next pass). */
async function drainAll(instanceId?: string) {
  const w = worker(instanceId);
  for (let i = 0; i < 5; i++) {
    const done = await w.drain();
    if (done.converted + done.failed + done.retried === 0) return;
  }
}

async function storeVideo(who: Performer, body: Buffer, filename: string) {
  const form = multipart({ filename, body });
  const res = await t.app.inject({ method: 'POST', url: '/api/storage/videos', headers: { ...form.headers, 'x-auth-token': who.token }, payload: form.payload, remoteAddress: newAddress() });
  expect(res.statusCode).toBe(200);
  const { url } = res.json() as { url: string };
  expect((await call('POST', '/api/upload/media', who.token, { mediaType: 'videos', media: url })).statusCode).toBe(200);
  return url;
}

const ownMedia = async (who: Performer) => {
  const res = await call('GET', '/api/audition/media', who.token);
  expect(res.statusCode).toBe(200);
  return res.json() as OwnMediaItem[];
};

/** The top-level boxes of an MP4, in order. */
function boxes(mp4: Buffer): string[] {
  const out: string[] = [];
  for (let at = 0; at + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(at);
    out.push(mp4.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return out;
}

function expectPlayableMp4(mp4: Buffer) {
  const top = boxes(mp4);
  expect(top).toContain('moov');
  expect(top).toContain('mdat');
  expect(top.indexOf('moov')).toBeLessThan(top.indexOf('mdat'));
  expect(mp4.includes(Buffer.from('avc1'))).toBe(true);
  expect(mp4.includes(Buffer.from('mp4a'))).toBe(true);
  expect(mp4.includes(Buffer.from('hvc1'))).toBe(false);
}

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  studio = await buildStudioAccount(t, { fname: 'Conversion Studio' });
  job = await postJob(t, studio, { title: 'Conversion Job' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clips-'));
  // A phone's tape in small: HEVC in a QuickTime .mov, portrait (rotation in the matrix), with sound.
  await runFfmpeg([
    '-f', 'lavfi', '-i', 'testsrc=size=192x108:rate=15:duration=1.5',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5',
    '-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1', '-x265-params', 'log-level=error',
    '-c:a', 'aac', '-shortest', path.join(dir, 'flat.mov'),
  ]);
  // The rotation goes into the track's matrix on a copy (ffmpeg 4.1 writes it only then), as a phone held upright writes it.
  await runFfmpeg(['-i', path.join(dir, 'flat.mov'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', path.join(dir, 'phone.mov')]);
  // Sound only, in an MP4: a container that passes its check but holds no picture to convert.
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-f', 'mp4', '-brand', 'isom', path.join(dir, 'sound.mp4')]);
  hevcMov = await readFile(path.join(dir, 'phone.mov'));
  soundOnlyMp4 = await readFile(path.join(dir, 'sound.mp4'));
  await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await t.close();
});

describe('a video', () => {
  it('an HEVC .mov is processing, then ready: a fast-start H.264/AAC MP4 with the rotation applied and a JPEG poster; the original is kept', async () => {
    const who = await buildPerformer(t, { fname: 'Phone Filmer' });
    const url = await storeVideo(who, hevcMov, 'IMG_0001.MOV');
    const [before] = await ownMedia(who);
    expect(before).toMatchObject({ kind: 'videos', url, status: 'processing', playbackUrl: null, posterUrl: null, durationS: null });

    await drainAll();
    const [after] = await ownMedia(who);
    expect(after).toMatchObject({ kind: 'videos', url, status: 'ready', reason: null });
    expect(after!.durationS).toBeGreaterThan(1);
    expect(after!.durationS).toBeLessThan(2);
    // Rotated a quarter turn: the 192×108 picture stands up.
    expect({ width: after!.width, height: after!.height }).toEqual({ width: 108, height: 192 });
    const mp4 = await call('GET', after!.playbackUrl!);
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expectPlayableMp4(mp4.rawPayload);
    const poster = await call('GET', after!.posterUrl!);
    expect(poster.statusCode).toBe(200);
    expect(isJpeg(poster.rawPayload)).toBe(true);
    expect((await call('GET', url)).rawPayload.equals(hevcMov)).toBe(true);
  });

  it('a file ffmpeg cannot convert is retried twice, then failed with the reason the owner reads, never playable', async () => {
    const who = await buildPerformer(t, { fname: 'Sound Only' });
    const url = await storeVideo(who, soundOnlyMp4, 'sound.mp4');
    await drainAll();
    const [item] = await ownMedia(who);
    expect(item).toMatchObject({ url, status: 'failed', playbackUrl: null, posterUrl: null, reason: PLAYBACK_MSG.conversionFailed });
    const [row] = await t.ctx.db.select().from(mediaConversions).where(eq(mediaConversions.sourceKey, url.replace(/^\/uploads\//, '')));
    expect(row!.attempts).toBe(3);
  });

  it('another account sees none of it', async () => {
    const owner = await buildPerformer(t, { fname: 'Owner Of Video' });
    await storeVideo(owner, hevcMov, 'mine.mov');
    const other = await buildPerformer(t, { fname: 'Someone Else' });
    expect(await ownMedia(other)).toEqual([]);
  });
});

describe('a worker that dies mid-conversion', () => {
  it('leaves its claim to lapse; another worker takes the item and converts it once', async () => {
    const who = await buildPerformer(t, { fname: 'Crash Survivor' });
    const url = await storeVideo(who, hevcMov, 'crash.mov');
    const key = url.replace(/^\/uploads\//, '');
    // The dead worker's claim: one attempt made, its lease renewed ten minutes ago.
    await t.ctx.db
      .update(mediaConversions)
      .set({ claimedBy: 'dead-instance', claimedAt: sql`now() - interval '10 minutes'`, attempts: 1 })
      .where(eq(mediaConversions.sourceKey, key));
    await drainAll('live-instance');
    const [item] = await ownMedia(who);
    expect(item!.status).toBe('ready');
    const [row] = await t.ctx.db.select().from(mediaConversions).where(eq(mediaConversions.sourceKey, key));
    expect(row).toMatchObject({ attempts: 2, claimedBy: 'live-instance', claimedAt: null, status: 'ready' });
  });

  it('a claim still within its lease is left alone', async () => {
    const who = await buildPerformer(t, { fname: 'Busy Worker' });
    const url = await storeVideo(who, hevcMov, 'busy.mov');
    const key = url.replace(/^\/uploads\//, '');
    await t.ctx.db.update(mediaConversions).set({ claimedBy: 'busy-instance', claimedAt: sql`now()`, attempts: 1 }).where(eq(mediaConversions.sourceKey, key));
    await worker('other-instance').drain();
    expect((await ownMedia(who))[0]!.status).toBe('processing');
    await t.ctx.db.update(mediaConversions).set({ claimedBy: null, claimedAt: null }).where(eq(mediaConversions.sourceKey, key));
    await drainAll();
  });
});

describe('a tape', () => {
  async function acceptedRequest(name: string) {
    const who = await buildPerformer(t, { fname: name });
    await givePlan(t, who._id, 'Gold');
    const applied = await call('POST', `/api/jobs/${job._id}/apply`, who.token, {});
    expect(applied.statusCode).toBe(201);
    const appId = (applied.json() as { _id: string })._id;
    const deadline = new Date(earliestDeadline(new Date(), 72).getTime() + 3_600_000).toISOString();
    expect((await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [appId], instructions: 'Slate.', deadline })).statusCode).toBe(201);
    const [req] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.applicationId, appId));
    expect((await call('POST', `/api/audition/tape-requests/${req!.id}/accept`, who.token)).statusCode).toBe(200);
    return { who, id: req!.id, appId };
  }

  it('is processing when sent, then ready for the performer and on the studio card, through the signed address only', async () => {
    const { who, id, appId } = await acceptedRequest('Tape Converter');
    const form = multipart({ filename: 'IMG_0002.MOV', body: hevcMov });
    const sent = await t.app.inject({ method: 'POST', url: `/api/audition/tape-requests/${id}/tape`, headers: { ...form.headers, 'x-auth-token': who.token }, payload: form.payload, remoteAddress: newAddress() });
    expect(sent.statusCode).toBe(200);
    expect((sent.json() as TapeRequest).tape).toMatchObject({ status: 'processing', playbackUrl: null, posterUrl: null, durationS: null });

    await drainAll();
    const mine = (await call('GET', '/api/audition/tape-requests', who.token)).json() as { tapeRequests: TapeRequest[] };
    const tape = mine.tapeRequests.find((r) => r._id === id)!.tape!;
    expect(tape.status).toBe('ready');
    const mp4 = await call('GET', tape.playbackUrl!);
    expect(mp4.statusCode).toBe(200);
    expectPlayableMp4(mp4.rawPayload);
    expect(isJpeg((await call('GET', tape.posterUrl!)).rawPayload)).toBe(true);

    const card = await call('GET', `/api/studio/applications/${appId}`, studio.token);
    expect(card.statusCode).toBe(200);
    expect((card.json() as { tape: { status: string; playbackUrl: string } }).tape).toMatchObject({ status: 'ready' });

    // The signature is the tape's: another tape's id with it, or a changed signature, is 404.
    const forged = tape.playbackUrl!.replace(/sig=[^&]+/, 'sig=forged');
    expect((await call('GET', forged)).statusCode).toBe(404);
    const other = await acceptedRequest('Other Tape Owner');
    const otherUrl = tape.playbackUrl!.replace(/\/api\/tapes\/[^?]+/, `/api/tapes/${other.id}`);
    expect((await call('GET', otherUrl)).statusCode).toBe(404);
  });

  it('a replaced tape takes its conversion with it', async () => {
    const { who, id } = await acceptedRequest('Tape Replacer');
    const send = async () => {
      const form = multipart({ filename: 'take.mov', body: hevcMov });
      const res = await t.app.inject({ method: 'POST', url: `/api/audition/tape-requests/${id}/tape`, headers: { ...form.headers, 'x-auth-token': who.token }, payload: form.payload, remoteAddress: newAddress() });
      expect(res.statusCode).toBe(200);
    };
    await send();
    const [first] = await t.ctx.db.select({ key: tapeRequests.tapeKey }).from(tapeRequests).where(eq(tapeRequests.id, id));
    await send();
    expect(await t.ctx.db.select().from(mediaConversions).where(eq(mediaConversions.sourceKey, first!.key!))).toEqual([]);
  });
});

describe('the backfill', () => {
  it('queues every stored video and tape without a conversion, once', async () => {
    const who = await buildPerformer(t, { fname: 'Old Video Owner' });
    const url = await storeVideo(who, hevcMov, 'old.mov');
    const key = url.replace(/^\/uploads\//, '');
    await t.ctx.db.delete(mediaConversions).where(eq(mediaConversions.sourceKey, key));
    expect(await backfillConversions(t.ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await backfillConversions(t.ctx.db)).toBe(0);
    await drainAll();
    expect((await ownMedia(who))[0]!.status).toBe('ready');
  });
});
