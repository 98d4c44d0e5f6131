/**
 * Media files are what they claim (docs/faults.md, "Media files"): an audio or video whose
 * container cannot be read to its end is refused with 415 { msg } and nothing is kept. The
 * broken files are made here from the real fixtures. PGlite, or PostgreSQL with TEST_DB=postgres.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unplayableMessage } from '../../../contract/file-checks.js';
import type { StorageKind } from '../../../contract/media.js';
import { uploadReservations, uploads } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { fixture, makeMp4, makeWav, MP4_HEAD, multipart } from '../../../../test/media-files.js';
import { localStorageSetup } from '../../../../test/storage-setups.js';

let t: TestApp;
let p: Performer;
beforeAll(async () => {
  t = await buildTestApp();
  p = await buildPerformer(t);
});
afterAll(async () => {
  await t?.close();
});

const upload = (kind: StorageKind, filename: string, body: Buffer) => {
  const { payload, headers } = multipart({ filename, body });
  return t.app.inject({ method: 'POST', url: `/api/storage/${kind}`, payload, headers: { ...headers, 'x-auth-token': p.token }, remoteAddress: newAddress() });
};

/** clip.mp4 with its moov atom (the index every player reads first) overwritten. */
function brokenMoov(): Buffer {
  const clip = Buffer.from(fixture('clip.mp4'));
  const moov = clip.indexOf('moov');
  clip.fill(0xff, moov + 4, moov + 64);
  return clip;
}

/** A WAV whose header claims 2 GB of samples, followed by 8 KB of them. */
function wavClaiming2Gb(): Buffer {
  const wav = makeWav(44 + 8192);
  wav.writeUInt32LE(0x7fffffff, 4);
  wav.writeUInt32LE(0x7fffffff - 36, 40);
  return wav;
}

describe('POST /api/storage/{videos|audios}: the container is checked', () => {
  it.each<[string, StorageKind, string, () => Buffer]>([
    ['an MP4 with a broken moov atom', 'videos', 'broken.mp4', brokenMoov],
    ['an MP4 header followed by noise', 'videos', 'noise.mp4', () => Buffer.concat([MP4_HEAD, Buffer.alloc(64 * 1024, 0x5a)])],
    ['a WAV that claims 2 GB with 8 KB of data', 'audios', 'huge.wav', wavClaiming2Gb],
    ['a 30-byte WAV header', 'audios', 'short.wav', () => makeWav(44).subarray(0, 30)],
    ['a WAV header with no data chunk', 'audios', 'empty.wav', () => makeWav(44).subarray(0, 36)],
  ])('refuses %s with 415 { msg } and keeps nothing', async (_name, kind, filename, make) => {
    const before = await localStorageSetup.listKeys(t);
    const res = await upload(kind, filename, make());
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ msg: unplayableMessage(kind) });
    expect(await localStorageSetup.listKeys(t)).toEqual(before);
    expect(await t.ctx.db.$count(uploads, eq(uploads.userId, p._id))).toBe(0);
    expect(await t.ctx.db.$count(uploadReservations, eq(uploadReservations.userId, p._id))).toBe(0);
  });

  it('still stores playable files: a WAV cut a little short, a long MP4, and each fixture', async () => {
    const cutShort = makeWav(44 + 8000).subarray(0, 44 + 6000);
    expect((await upload('audios', 'short-take.wav', cutShort)).statusCode).toBe(200);
    expect((await upload('videos', 'long.mp4', makeMp4(3 * 1024 * 1024))).statusCode).toBe(200);
    for (const name of ['clip.mp4', 'clip.mov', 'clip.webm']) expect((await upload('videos', name, fixture(name))).statusCode, name).toBe(200);
    for (const name of ['tone.mp3', 'tone.m4a', 'tone.aac', 'tone.wav', 'tone.ogg', 'tone.flac']) {
      expect((await upload('audios', name, fixture(name))).statusCode, name).toBe(200);
    }
  });
});
