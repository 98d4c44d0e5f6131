/**
 * Broken videos, tapes and sounds are refused (docs/faults.md, "Media files"): tapes get the
 * container check videos get; a file that claims far more than it holds is refused whether
 * or not its parser reports a bitrate; a WAV header with no samples is no recording; a
 * refused tape leaves the playable one it would have replaced. Each file is sent both ways:
 * in one multipart request, and as a finished resumable upload used by id, whose bytes are
 * checked where they lie on the disk (docs/media.md, "Resumable uploads"). PGlite, or
 * PostgreSQL with TEST_DB=postgres.
 */
import { watch } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unplayableMessage } from '../../../contract/file-checks.js';
import type { StorageKind } from '../../../contract/media.js';
import { tapeRequests, uploads } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { fixture, makeMp4, makeWav, MP4_HEAD, multipart } from '../../../../test/media-files.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';

let t: TestApp;
let p: Performer;
let studio: StudioAccount;
let job: { _id: string };

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

type Send = (url: string, token: string, filename: string, body: Buffer) => Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;

const multipartUpload: Send = (url, token, filename, body) => {
  const form = multipart({ filename, body });
  return t.app.inject({ method: 'POST', url, headers: { ...form.headers, 'x-auth-token': token }, payload: form.payload, remoteAddress: newAddress() });
};

/** The same file through tus in one piece, then used by id: `…/from-upload` for media, the tape call for a tape. */
const resumableUpload: Send = async (url, token, filename, body) => {
  const tape = url.endsWith('/tape');
  const kind = tape ? 'tape' : url.split('/').pop()!;
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = { 'tus-resumable': '1.0.0', 'x-auth-token': token };
  const created = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...tus, 'upload-length': String(body.length), 'upload-metadata': `kind ${b64(kind)},filename ${b64(filename)}` }, remoteAddress: newAddress() });
  expect(created.statusCode, created.body).toBe(201);
  const id = String(created.headers.location).split('/').pop()!;
  const sent = await t.app.inject({ method: 'PATCH', url: `/api/uploads/${id}`, headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: body, remoteAddress: newAddress() });
  expect(sent.statusCode, sent.body).toBe(204);
  return t.app.inject({ method: 'POST', url: tape ? url : `${url}/from-upload`, headers: { 'x-auth-token': token }, payload: { uploadId: id }, remoteAddress: newAddress() });
};

/** The first 300 bytes of a real MP4: its index (moov) is cut off in the middle. */
const brokenIndex = () => fixture('clip.mp4').subarray(0, 300);
/** A real MP4's head up to its data box's header, without the data the index points into. */
const missingData = () => {
  const clip = fixture('clip.mp4');
  return clip.subarray(0, clip.indexOf('mdat') + 4);
};
const headerThenNoise = () => Buffer.concat([MP4_HEAD, Buffer.alloc(2048, 0x5a)]);

/** An M4A whose movie and track headers claim 10 hours, in 13 KB: whole, readable to its end. */
function mp4Claiming10Hours(): Buffer {
  const clip = Buffer.from(fixture('tone.m4a'));
  for (const box of ['mvhd', 'mdhd']) {
    for (let at = clip.indexOf(box); at >= 0; at = clip.indexOf(box, at + 4)) {
      const scale = clip.readUInt32BE(at + 16);
      clip.writeUInt32BE(Math.min(0xffffffff, scale * 36_000), at + 20);
    }
  }
  return clip;
}

/** A WAV header that says one second of samples follows, and nothing after it. */
const wavHeaderOnly = () => makeWav(44 + 8000).subarray(0, 44);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  p = await buildPerformer(t, { fname: 'Broken Files' });
  studio = await buildStudioAccount(t, { fname: 'Broken Tapes Studio' });
  job = await postJob(t, studio, { title: 'Broken Tapes Job' });
});
afterAll(async () => {
  await t?.close();
});

/**
 * The names that appear in the kind's storage folder while `act` runs. A refused resumable
 * upload is checked where it lies, before it is moved, so none should (a multipart file is
 * checked as it streams to storage, and removed again).
 */
async function filesAppearingIn(kind: StorageKind, act: () => Promise<unknown>): Promise<string[]> {
  const folder = path.join(t.dataDir, 'uploads', kind);
  await mkdir(folder, { recursive: true });
  const seen: string[] = [];
  const watcher = watch(folder, (_event, name) => seen.push(String(name)));
  try {
    await act();
    // inotify's events arrive within milliseconds of the rename.
    await sleep(100);
  } finally {
    watcher.close();
  }
  return seen;
}

describe.each<[string, Send]>([
  ['in one multipart request', multipartUpload],
  ['as a finished resumable upload', resumableUpload],
])('%s', (way, upload) => {
  describe('POST /api/storage/{kind}: what the parser cannot vouch for is refused', () => {
    it.each<[string, StorageKind, string, () => Buffer]>([
      ['an MP4 claiming 10 hours in 13 KB', 'audios', 'long.m4a', mp4Claiming10Hours],
      ['a WebM cut to 200 bytes', 'videos', 'cut.webm', () => fixture('clip.webm').subarray(0, 200)],
      ['a 44-byte WAV header with no samples', 'audios', 'empty.wav', wavHeaderOnly],
    ])('%s: 415, nothing stored', async (_name, kind, filename, make) => {
      const before = await t.ctx.db.$count(uploads, eq(uploads.userId, p._id));
      let res!: Awaited<ReturnType<Send>>;
      const appeared = await filesAppearingIn(kind, async () => {
        res = await upload(`/api/storage/${kind}`, p.token, filename, make());
      });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ msg: unplayableMessage(kind) });
      expect(await t.ctx.db.$count(uploads, eq(uploads.userId, p._id))).toBe(before);
      if (way.includes('resumable')) expect(appeared).toEqual([]);
    });

    it('a real short WAV and the fixtures still go in', async () => {
      expect((await upload('/api/storage/audios', p.token, 'ok.wav', makeWav(44 + 8000))).statusCode).toBe(200);
      expect((await upload('/api/storage/audios', p.token, 'tone.m4a', fixture('tone.m4a'))).statusCode).toBe(200);
      expect((await upload('/api/storage/videos', p.token, 'clip.webm', fixture('clip.webm'))).statusCode).toBe(200);
    });
  });

  describe('POST /api/audition/tape-requests/{id}/tape: the container is checked as a video’s', () => {
    let who: Performer;
    let id: string;
    beforeAll(async () => {
      who = await buildPerformer(t, { fname: 'Tape Breaker' });
      await givePlan(t, who._id, 'Gold');
      const applied = await call('POST', `/api/jobs/${job._id}/apply`, who.token, {});
      const appId = (applied.json() as { _id: string })._id;
      const deadline = new Date(earliestDeadline(new Date(), 72).getTime() + 3_600_000).toISOString();
      expect((await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [appId], instructions: 'Slate.', deadline })).statusCode).toBe(201);
      const [req] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.applicationId, appId));
      id = req!.id;
      expect((await call('POST', `/api/audition/tape-requests/${id}/accept`, who.token)).statusCode).toBe(200);
      expect((await upload(`/api/audition/tape-requests/${id}/tape`, who.token, 'good.mp4', makeMp4(20_000))).statusCode).toBe(200);
    });

    it.each<[string, () => Buffer]>([
      ['a 300-byte MP4 with a broken index', brokenIndex],
      ['an MP4 header with its data block missing', missingData],
      ['an MP4 header followed by noise', headerThenNoise],
    ])('%s: 415, and the playable tape it would have replaced stays', async (_name, make) => {
      const [before] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.id, id));
      const res = await upload(`/api/audition/tape-requests/${id}/tape`, who.token, 'broken.mp4', make());
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ msg: unplayableMessage('videos') });
      const [after] = await t.ctx.db.select().from(tapeRequests).where(eq(tapeRequests.id, id));
      expect(after).toMatchObject({ status: 'submitted', tapeKey: before!.tapeKey, tapeId: before!.tapeId });
    });
  });

  describe('a browser’s recording', () => {
    it('a WebM recorded by Chromium’s MediaRecorder (a live stream of unknown size) is stored, for the conversion to read to its end', async () => {
      const res = await upload('/api/storage/videos', p.token, 'recorded.webm', fixture('recorded.webm'));
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
