/**
 * The storage and media calls, checked through the real app on one storage driver.
 * media.test.ts runs it on local disk, media.s3.test.ts on S3 (s3rver on loopback).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MEDIA_LIMITS, thumbUrlOf, type StorageKind } from '../../../contract/media.js';
import { MSG } from '../../../contract/messages.js';
import { uploads } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { fixture, makeImage, makeMp4, makeWav, multipart, type ImageFormat } from '../../../../test/media-files.js';
import type { StorageSetup } from '../../../../test/storage-setups.js';

export interface DriverSetup extends StorageSetup {
  driver: 'local' | 's3';
  /** Runs the heavier size-limit cases (a 50 MB audio) too. */
  heavy: boolean;
}

interface Download {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export function mediaSuite(setup: DriverSetup) {
  let t: TestApp;
  let alice: Performer;
  let bob: Performer;

  beforeAll(async () => {
    t = await buildTestApp(setup.env());
    [alice, bob] = await Promise.all([buildPerformer(t), buildPerformer(t)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (
    who: Performer | null,
    kind: StorageKind | string,
    file: { filename: string; body: Buffer; contentType?: string; field?: string },
    query = '',
  ) => {
    const { payload, headers } = multipart(file);
    return t.app.inject({
      method: 'POST',
      url: `/api/storage/${kind}${query}`,
      payload,
      headers: who ? { ...headers, 'x-auth-token': who.token } : headers,
      remoteAddress: newAddress(),
    });
  };

  const call = (who: Performer | null, method: 'POST' | 'DELETE', url: string, payload: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: who ? { 'x-auth-token': who.token } : {},
      remoteAddress: newAddress(),
    });

  const profileOf = async (who: Performer) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audition/getUserData', headers: { 'x-auth-token': who.token } });
    expect(res.statusCode).toBe(200);
    return { body: res.json() as { profilePic: string; photos: string[]; videos: string[]; audios: string[] }, etag: String(res.headers.etag) };
  };

  /** Loads a stored file the way a browser does: from the app, following its redirect to the bucket. */
  async function download(url: string, headers: Record<string, string> = {}): Promise<Download> {
    if (url.startsWith('/')) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.statusCode === 301 || res.statusCode === 302) return download(String(res.headers.location), headers);
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload };
    }
    const res = await fetch(url, { headers });
    return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
  }

  const keyOf = (url: string) => url.slice(url.indexOf('/uploads/') + '/uploads/'.length);

  async function uploaded(who: Performer, kind: StorageKind, filename: string, body: Buffer, query = '') {
    const res = await upload(who, kind, { filename, body }, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; thumbUrl?: string };
  }

  describe(`POST /api/storage/{kind} on ${setup.driver} storage`, () => {
    it.each<[ImageFormat, string, string]>([
      ['jpeg', 'image/jpeg', 'jpg'],
      ['png', 'image/png', 'png'],
      ['webp', 'image/webp', 'webp'],
      ['gif', 'image/gif', 'gif'],
    ])('accepts a %s image by its content, whatever its name and declared type', async (format, mime, ext) => {
      const body = await makeImage(format);
      const res = await upload(alice, 'images', { filename: 'holiday.txt', contentType: 'text/html', body });
      expect(res.statusCode, res.body).toBe(200);
      const { url, thumbUrl } = res.json() as { url: string; thumbUrl: string };
      expect(keyOf(url)).toMatch(new RegExp(`^images/holiday-[0-9a-f]{16}\\.${ext}$`));
      expect(thumbUrl).toBe(thumbUrlOf(url));

      const file = await download(url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect((await sharp(file.body).metadata()).format).toBe(format === 'jpeg' ? 'jpeg' : format);
      const thumb = await download(thumbUrl);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.body).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(MEDIA_LIMITS.thumbPx);

      const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.url, url));
      expect(row).toMatchObject({ userId: alice._id, kind: 'images', contentType: mime, key: keyOf(url) });
      expect(row?.size).toBe(file.body.length + thumb.body.length);
    });

    it.each<[StorageKind, string, string, string]>([
      ['videos', 'clip.mp4', 'video/mp4', 'mp4'],
      ['videos', 'clip.webm', 'video/webm', 'webm'],
      ['videos', 'clip.mov', 'video/quicktime', 'mov'],
      ['audios', 'tone.mp3', 'audio/mpeg', 'mp3'],
      ['audios', 'tone.m4a', 'audio/mp4', 'm4a'],
      ['audios', 'tone.aac', 'audio/aac', 'aac'],
      ['audios', 'tone.wav', 'audio/wav', 'wav'],
      ['audios', 'tone.ogg', 'audio/ogg', 'ogg'],
      ['audios', 'tone.flac', 'audio/flac', 'flac'],
    ])('stores %s %s unchanged and serves it as %s', async (kind, name, mime, ext) => {
      const body = fixture(name);
      const { url, thumbUrl } = await uploaded(alice, kind, 'My Täke #1.bin', body);
      expect(thumbUrl).toBeUndefined();
      expect(keyOf(url)).toMatch(new RegExp(`^${kind}/my-take-1-[0-9a-f]{16}\\.${ext}$`));
      const file = await download(url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.body.equals(body)).toBe(true);
    });

    it('stores a video of several upload parts byte for byte', async () => {
      const body = makeMp4(12 * 1024 * 1024 + 7492);
      const { url } = await uploaded(alice, 'videos', 'long.mp4', body);
      const file = await download(url);
      expect(file.body.length).toBe(body.length);
      expect(file.body.equals(body)).toBe(true);
      const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.url, url));
      expect(row?.size).toBe(body.length);
    });

    it('serves local files with nosniff, short private caching and a sandboxing policy', async () => {
      const { url } = await uploaded(alice, 'audios', 'tone.mp3', fixture('tone.mp3'));
      const res = await t.app.inject({ method: 'GET', url });
      if (setup.driver === 'local') {
        expect(res.statusCode).toBe(200);
        expect(res.headers).toMatchObject({
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, max-age=300',
          'accept-ranges': 'bytes',
          'content-security-policy': "default-src 'none'; sandbox",
        });
        const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
        expect(again.statusCode).toBe(304);
      } else {
        expect(res.statusCode).toBe(302);
        expect(String(res.headers.location)).toMatch(/X-Amz-Signature=/);
        const file = await download(url);
        expect(file.headers['content-type']).toBe('audio/mpeg');
        expect(file.headers['cache-control']).toBe('private, max-age=300');
      }
    });

    it('answers a range request with 206 and exactly those bytes, so players can seek', async () => {
      const body = fixture('clip.webm');
      const { url } = await uploaded(alice, 'videos', 'clip.webm', body);
      const part = await download(url, { range: 'bytes=100-1123' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1123/${body.length}`);
      expect(part.body.equals(body.subarray(100, 1124))).toBe(true);
      if (setup.driver === 'local') {
        // Suffix ranges: AWS S3 answers them, but s3rver reads `-500` as `0-500`.
        const tail = await download(url, { range: 'bytes=-500' });
        expect(tail.status).toBe(206);
        expect(tail.body.equals(body.subarray(body.length - 500))).toBe(true);
      }
      const open = await download(url, { range: `bytes=${body.length - 10}-` });
      expect(open.body.equals(body.subarray(body.length - 10))).toBe(true);
      const beyond = await download(url, { range: `bytes=${body.length + 10}-` });
      expect(beyond.status).toBe(416);
    });

    it.each<[string, StorageKind, string, () => Buffer | Promise<Buffer>]>([
      ['an HTML page renamed .png', 'images', 'cat.png', () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
      ['an SVG with a script', 'images', 'logo.svg', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['an executable renamed .mp4', 'videos', 'movie.mp4', () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 1)])],
      ['a Windows program renamed .mp3', 'audios', 'song.mp3', () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200), Buffer.from('PE\0\0'), Buffer.alloc(4000)])],
      ['a plain text file', 'audios', 'notes.wav', () => Buffer.from('just some words\n'.repeat(50))],
      ['an empty file', 'images', 'empty.jpg', () => Buffer.alloc(0)],
      ['a video sent as an image', 'images', 'clip.jpg', () => fixture('clip.mp4')],
      ['an image sent as audio', 'audios', 'photo.mp3', () => makeImage('png')],
      ['an audio sent as a video', 'videos', 'tone.mp4', () => fixture('tone.m4a')],
    ])('refuses %s with 415 and stores nothing', async (_case, kind, filename, make) => {
      const before = await setup.listKeys(t);
      const rows = await t.ctx.db.$count(uploads);
      const res = await upload(alice, kind, { filename, body: await make(), contentType: 'image/png' });
      expect(res.statusCode).toBe(415);
      expect((res.json() as { msg: string }).msg).toMatch(/not a supported/);
      expect(await setup.listKeys(t)).toEqual(before);
      expect(await t.ctx.db.$count(uploads)).toBe(rows);
    });

    it('refuses a JPEG header with a broken body with 415', async () => {
      const body = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
      const res = await upload(alice, 'images', { filename: 'broken.jpg', body });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ msg: MSG.imageUnreadable });
    });

    it('refuses an image over 10 MB with 413 and leaves nothing stored', async () => {
      const before = await setup.listKeys(t);
      const jpeg = await makeImage('jpeg');
      const body = Buffer.concat([jpeg, Buffer.alloc(MEDIA_LIMITS.maxBytes.images + 1 - jpeg.length, 0)]);
      const res = await upload(alice, 'images', { filename: 'huge.jpg', body });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ msg: MSG.fileTooLarge('image', 10) });
      expect(await setup.listKeys(t)).toEqual(before);
    });

    // Defined only where asked: these stream 50 MB twice.
    if (setup.heavy) {
      it('refuses an audio over 50 MB with 413 after streaming it, and removes the partial file', async () => {
        const before = await setup.listKeys(t);
        const wav = fixture('tone.wav');
        const body = Buffer.concat([wav, Buffer.alloc(MEDIA_LIMITS.maxBytes.audios + 1 - wav.length, 0x80)]);
        const res = await upload(alice, 'audios', { filename: 'long.wav', body });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ msg: MSG.fileTooLarge('audio file', 50) });
        expect(await setup.listKeys(t)).toEqual(before);
      });

      it('accepts an audio of exactly the limit (the limit is inclusive)', async () => {
        const wav = fixture('tone.wav');
        const body = Buffer.concat([wav, Buffer.alloc(MEDIA_LIMITS.maxBytes.audios - wav.length, 0x80)]);
        const res = await upload(alice, 'audios', { filename: 'exact.wav', body });
        expect(res.statusCode, res.body).toBe(200);
        const { url } = res.json() as { url: string };
        expect((await download(url)).body.length).toBe(MEDIA_LIMITS.maxBytes.audios);
        expect((await call(alice, 'POST', '/api/upload/media', { mediaType: 'audios', media: url })).statusCode).toBe(200);
        expect((await call(alice, 'DELETE', '/api/upload/media', { mediaType: 'audios', media: url })).statusCode).toBe(200);
        expect(await t.ctx.storage.exists(keyOf(url))).toBe(false);
      });
    }

    it('re-encodes photos without their EXIF: camera and GPS position do not leave the server', async () => {
      const body = await makeImage('jpeg', { gps: true });
      const input = await sharp(body).metadata();
      expect(input.exif?.includes(Buffer.from('TestCam'))).toBe(true);
      expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPSInfo tag
      const { url, thumbUrl } = await uploaded(alice, 'images', 'gps.jpg', body);
      for (const stored of [url, thumbUrl!]) {
        const file = await download(stored);
        const meta = await sharp(file.body).metadata();
        expect(meta.exif).toBeUndefined();
        expect(file.body.includes(Buffer.from('Exif\0\0'))).toBe(false);
        expect(file.body.includes(Buffer.from('TestCam'))).toBe(false);
      }
    });

    it('turns a photo upright from its EXIF orientation before dropping the EXIF', async () => {
      const body = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#336699' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const { url } = await uploaded(alice, 'images', 'sideways.jpg', body);
      const meta = await sharp((await download(url)).body).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([40, 80, undefined]);
    });

    it('keys a profile picture as images/{userId}_{date}_{filename}', async () => {
      const { url } = await uploaded(alice, 'images', 'Me at the beach.png', await makeImage('png'), '?purpose=profile');
      const match = new RegExp(`^images/${alice._id}_(\\d{13})_me-at-the-beach-[0-9a-f]{6}\\.png$`).exec(keyOf(url));
      expect(match).not.toBeNull();
      expect(Math.abs(Number(match![1]) - Date.now())).toBeLessThan(60_000);
    });

    it('keeps path tricks out of keys', async () => {
      const { url } = await uploaded(alice, 'images', '../../../etc/passwd.png', await makeImage('png'));
      expect(keyOf(url)).toMatch(/^images\/passwd-[0-9a-f]{16}\.png$/);
      const { url: dots } = await uploaded(alice, 'images', '....png', await makeImage('png'));
      expect(keyOf(dots)).toMatch(/^images\/file-[0-9a-f]{16}\.png$/);
    });

    it('answers 401 without a token and stores nothing', async () => {
      const before = await setup.listKeys(t);
      const res = await upload(null, 'images', { filename: 'a.png', body: await makeImage('png') });
      expect(res.statusCode).toBe(401);
      expect(await setup.listKeys(t)).toEqual(before);
    });

    it('answers 400 when no file is sent, or under another field name, and 404 for an unknown kind', async () => {
      const png = await makeImage('png');
      const other = await upload(alice, 'images', { filename: 'a.png', body: png, field: 'photo' });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ msg: MSG.fileMissing });
      const json = await call(alice, 'POST', '/api/storage/images', { file: 'x' });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ msg: MSG.fileMissing });
      const unknown = await upload(alice, 'documents', { filename: 'a.png', body: png });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 413 with a clear message once the quota is used, and stores nothing', async () => {
      const carol = await buildPerformer(t);
      // Stand-in for 2 GB of earlier uploads, leaving 1 KB.
      await t.ctx.db.insert(uploads).values({
        userId: carol._id,
        kind: 'videos',
        key: `videos/quota-${carol._id}.mp4`,
        url: `/uploads/videos/quota-${carol._id}.mp4`,
        contentType: 'video/mp4',
        size: MEDIA_LIMITS.quotaBytes - 1024,
      });
      const before = await setup.listKeys(t);
      const res = await upload(carol, 'audios', { filename: 'tone.mp3', body: fixture('tone.mp3') });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ msg: MSG.quotaExceeded(2) });
      expect(await setup.listKeys(t)).toEqual(before);

      // A file that fits in the last kilobyte is still taken; after it nothing is.
      const tiny = makeWav(144);
      const fits = await upload(carol, 'audios', { filename: 'tiny.wav', body: tiny });
      expect(fits.statusCode, fits.body).toBe(200);
      await t.ctx.db.update(uploads).set({ size: MEDIA_LIMITS.quotaBytes }).where(eq(uploads.userId, carol._id));
      const full = await upload(carol, 'images', { filename: 'a.png', body: await makeImage('png') });
      expect(full.statusCode).toBe(413);
      expect(full.json()).toMatchObject({ msg: MSG.quotaExceeded(2) });
    });
  });

  describe(`POST /api/upload/profilePic on ${setup.driver} storage`, () => {
    it('sets a picture the server issued to this user and shows it in getUserData', async () => {
      const { url } = await uploaded(alice, 'images', 'me.png', await makeImage('png'), '?purpose=profile');
      const before = await profileOf(alice);
      const res = await call(alice, 'POST', '/api/upload/profilePic', { profilePicUrl: url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ profileUrl: url, _id: alice._id });
      const after = await profileOf(alice);
      expect(after.body.profilePic).toBe(url);
      expect(after.etag).not.toBe(before.etag);
    });

    it('deletes the previous picture when a new one replaces it and nothing else shows it', async () => {
      const first = await uploaded(alice, 'images', 'one.png', await makeImage('png'), '?purpose=profile');
      await call(alice, 'POST', '/api/upload/profilePic', { profilePicUrl: first.url });
      const second = await uploaded(alice, 'images', 'two.png', await makeImage('png'), '?purpose=profile');
      expect((await call(alice, 'POST', '/api/upload/profilePic', { profilePicUrl: second.url })).statusCode).toBe(200);
      expect(await t.ctx.storage.exists(keyOf(first.url))).toBe(false);
      expect(await t.ctx.storage.exists(keyOf(second.url))).toBe(true);
    });

    it.each([
      ['a javascript: URL', 'javascript:alert(1)'],
      ['a URL on another site', 'https://evil.example/me.png'],
      ['a made-up upload URL', '/uploads/images/not-issued-0123456789abcdef.png'],
      ['an empty value', ''],
    ])('refuses %s with 400', async (_case, profilePicUrl) => {
      const before = await profileOf(alice);
      const res = await call(alice, 'POST', '/api/upload/profilePic', { profilePicUrl });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.fileNotYours });
      expect((await profileOf(alice)).body.profilePic).toBe(before.body.profilePic);
    });

    it("refuses another user's picture and this user's video", async () => {
      const bobs = await uploaded(bob, 'images', 'bob.png', await makeImage('png'));
      expect((await call(alice, 'POST', '/api/upload/profilePic', { profilePicUrl: bobs.url })).statusCode).toBe(400);
      const video = await uploaded(alice, 'videos', 'clip.mp4', fixture('clip.mp4'));
      expect((await call(alice, 'POST', '/api/upload/profilePic', { profilePicUrl: video.url })).statusCode).toBe(400);
    });

    it('answers 401 without a token and 400 for a wrong type', async () => {
      expect((await call(null, 'POST', '/api/upload/profilePic', { profilePicUrl: 'x' })).statusCode).toBe(401);
      expect((await call(alice, 'POST', '/api/upload/profilePic', { profilePicUrl: 42 })).statusCode).toBe(400);
    });
  });

  describe(`POST and DELETE /api/upload/media on ${setup.driver} storage`, () => {
    it('appends a URL issued to this user to the right list, once however often it is sent', async () => {
      const dave = await buildPerformer(t);
      const photo = await uploaded(dave, 'images', 'p.jpg', await makeImage('jpeg'));
      const video = await uploaded(dave, 'videos', 'v.webm', fixture('clip.webm'));
      const audio = await uploaded(dave, 'audios', 'a.ogg', fixture('tone.ogg'));
      const before = await profileOf(dave);
      for (const [mediaType, media] of [['photos', photo.url], ['videos', video.url], ['audios', audio.url], ['photos', photo.url]] as const) {
        const res = await call(dave, 'POST', '/api/upload/media', { mediaType, media });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ mediaType, items: [media] });
      }
      const after = await profileOf(dave);
      expect(after.body).toMatchObject({ photos: [photo.url], videos: [video.url], audios: [audio.url] });
      expect(after.etag).not.toBe(before.etag);
      // The repeated photo changed nothing, so the profile's version did not move either.
      const again = await call(dave, 'POST', '/api/upload/media', { mediaType: 'photos', media: photo.url });
      expect(again.statusCode).toBe(200);
      expect((await profileOf(dave)).etag).toBe(after.etag);
    });

    it('keeps the order in which items were added', async () => {
      const erin = await buildPerformer(t);
      const urls: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { url } = await uploaded(erin, 'images', `p${i}.png`, await makeImage('png'));
        urls.push(url);
        await call(erin, 'POST', '/api/upload/media', { mediaType: 'photos', media: url });
      }
      expect((await profileOf(erin)).body.photos).toEqual(urls);
    });

    it.each([
      ['a javascript: URL', 'photos', 'javascript:alert(1)'],
      ['a URL on another site', 'videos', 'https://evil.example/v.mp4'],
    ])('refuses %s with 400', async (_case, mediaType, media) => {
      const res = await call(alice, 'POST', '/api/upload/media', { mediaType, media });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.fileNotYours });
    });

    it("refuses another user's file and a file of another kind", async () => {
      const bobs = await uploaded(bob, 'audios', 'b.mp3', fixture('tone.mp3'));
      const res = await call(alice, 'POST', '/api/upload/media', { mediaType: 'audios', media: bobs.url });
      expect(res.statusCode).toBe(400);
      expect((await profileOf(alice)).body.audios).not.toContain(bobs.url);
      const own = await uploaded(alice, 'audios', 'a.mp3', fixture('tone.mp3'));
      expect((await call(alice, 'POST', '/api/upload/media', { mediaType: 'videos', media: own.url })).statusCode).toBe(400);
    });

    it('refuses an unknown media type, a missing field and a call without a token', async () => {
      const bad = await call(alice, 'POST', '/api/upload/media', { mediaType: 'documents', media: '/uploads/x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ msg: MSG.mediaTypeInvalid });
      expect((await call(alice, 'POST', '/api/upload/media', { mediaType: 'photos' })).statusCode).toBe(400);
      expect((await call(null, 'POST', '/api/upload/media', { mediaType: 'photos', media: 'x' })).statusCode).toBe(401);
      expect((await call(null, 'DELETE', '/api/upload/media', { mediaType: 'photos', media: 'x' })).statusCode).toBe(401);
    });

    it('removes an item from the list and deletes its file and thumbnail', async () => {
      const frank = await buildPerformer(t);
      const keep = await uploaded(frank, 'images', 'keep.png', await makeImage('png'));
      const drop = await uploaded(frank, 'images', 'drop.png', await makeImage('png'));
      for (const { url } of [keep, drop]) await call(frank, 'POST', '/api/upload/media', { mediaType: 'photos', media: url });
      const before = await profileOf(frank);

      const res = await call(frank, 'DELETE', '/api/upload/media', { mediaType: 'photos', media: drop.url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ mediaType: 'photos', items: [keep.url] });
      const after = await profileOf(frank);
      expect(after.body.photos).toEqual([keep.url]);
      expect(after.etag).not.toBe(before.etag);
      expect(await t.ctx.storage.exists(keyOf(drop.url))).toBe(false);
      expect(await t.ctx.storage.exists(keyOf(drop.thumbUrl!))).toBe(false);
      expect(await t.ctx.db.$count(uploads, eq(uploads.url, drop.url))).toBe(0);
      expect(await t.ctx.storage.exists(keyOf(keep.url))).toBe(true);
      if (setup.driver === 'local') expect((await t.app.inject({ method: 'GET', url: drop.url })).statusCode).toBe(404);

      const again = await call(frank, 'DELETE', '/api/upload/media', { mediaType: 'photos', media: drop.url });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ msg: MSG.mediaNotInList });
    });

    it("cannot remove another user's item", async () => {
      const grace = await buildPerformer(t);
      const video = await uploaded(grace, 'videos', 'mine.mp4', fixture('clip.mp4'));
      await call(grace, 'POST', '/api/upload/media', { mediaType: 'videos', media: video.url });
      const res = await call(bob, 'DELETE', '/api/upload/media', { mediaType: 'videos', media: video.url });
      expect(res.statusCode).toBe(404);
      expect((await profileOf(grace)).body.videos).toEqual([video.url]);
      expect(await t.ctx.storage.exists(keyOf(video.url))).toBe(true);
    });

    it('keeps the file of a removed photo that is still the profile picture', async () => {
      const henry = await buildPerformer(t);
      const photo = await uploaded(henry, 'images', 'face.png', await makeImage('png'));
      await call(henry, 'POST', '/api/upload/media', { mediaType: 'photos', media: photo.url });
      await call(henry, 'POST', '/api/upload/profilePic', { profilePicUrl: photo.url });
      expect((await call(henry, 'DELETE', '/api/upload/media', { mediaType: 'photos', media: photo.url })).statusCode).toBe(200);
      expect(await t.ctx.storage.exists(keyOf(photo.url))).toBe(true);
      expect((await profileOf(henry)).body).toMatchObject({ photos: [], profilePic: photo.url });
    });
  });
}
