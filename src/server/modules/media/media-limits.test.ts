/**
 * The storage attacks of docs/security.md: uploads sent together cannot pass the quota,
 * an account runs at most two uploads at once, and images with too many pixels are refused
 * before they are decoded. Local disk; PGlite, or PostgreSQL with TEST_DB=postgres.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '../../../contract/media.js';
import { MSG } from '../../../contract/messages.js';
import { uploadReservations, uploads, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeImage, makeWav, multipart } from '../../../../test/media-files.js';

const MB = 1024 * 1024;

let t: TestApp;
let origin: string;
/** What the app logs at error level: a cancelled upload is no fault and logs nothing. */
const errorLog: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' }, { logStream: { write: (line: string) => void errorLog.push(line) } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

/** A WAV of `size` bytes: a true header, then silence. */
const wav = makeWav;

const upload = (who: Performer, kind: string, filename: string, body: Buffer) => {
  const { payload, headers } = multipart({ filename, body });
  return t.app.inject({
    method: 'POST',
    url: `/api/storage/${kind}`,
    payload,
    headers: { ...headers, 'x-auth-token': who.token },
    remoteAddress: newAddress(),
  });
};

/** Pretends the user already keeps `bytes` of files. */
const alreadyStored = (who: Performer, bytes: number) =>
  t.ctx.db.insert(uploads).values({
    userId: who._id,
    kind: 'videos',
    key: `videos/stand-in-${randomBytes(6).toString('hex')}.mp4`,
    url: `/uploads/videos/stand-in-${randomBytes(6).toString('hex')}.mp4`,
    contentType: 'video/mp4',
    size: bytes,
  });

const storedBytes = async (who: Performer) =>
  (await t.ctx.db.select({ size: uploads.size }).from(uploads).where(eq(uploads.userId, who._id))).reduce((sum, r) => sum + r.size, 0);

/** An upload over real HTTP that sends its headers and first bytes, then waits until told to finish or give up. */
function heldUpload(who: Performer, body: Buffer, kind = 'audios', filename = 'long.wav') {
  const boundary = `----audition${randomBytes(8).toString('hex')}`;
  const open = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`);
  const close = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(new URL(`/api/storage/${kind}`, origin), {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(open.length + body.length + close.length),
      'x-auth-token': who.token,
    },
  });
  const answer = new Promise<number>((resolve) => {
    request.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.once('error', () => resolve(0));
  });
  request.write(Buffer.concat([open, body.subarray(0, 8192)]));
  return {
    answer,
    finish() {
      request.end(Buffer.concat([body.subarray(8192), close]));
    },
    abort() {
      request.destroy();
    },
  };
}

async function reservationsOf(who: Performer) {
  return t.ctx.db.$count(uploadReservations, eq(uploadReservations.userId, who._id));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the user's row lock (the one every quota step takes) until released. */
async function holdRowLock(who: Performer) {
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const held = t.ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, who._id)).for('update');
    locked();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isLocked;
  return {
    async release() {
      release();
      await held;
    },
  };
}

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
  return check();
}

describe('the storage quota', () => {
  it('two uploads sent together that both fit only alone: one is stored, the other gets 413, the sum stays within the quota', async () => {
    const p = await buildPerformer(t);
    await alreadyStored(p, MEDIA_LIMITS.quotaBytes - 15 * MB);
    const answers = await Promise.all([upload(p, 'audios', 'a.wav', wav(10 * MB)), upload(p, 'audios', 'b.wav', wav(10 * MB))]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 413]);
    const refused = answers.find((a) => a.statusCode === 413)!;
    expect(refused.json()).toMatchObject({ msg: MSG.quotaExceeded(2) });
    expect(await storedBytes(p)).toBeLessThanOrEqual(MEDIA_LIMITS.quotaBytes);
    expect(await reservationsOf(p)).toBe(0);
  });

  it('an account runs two uploads at once: a third answers 429, and a slot frees when one ends or is dropped', async () => {
    const p = await buildPerformer(t);
    const first = heldUpload(p, wav(2 * MB));
    const second = heldUpload(p, wav(2 * MB));
    expect(await eventually(async () => (await reservationsOf(p)) === 2)).toBe(true);
    const third = await upload(p, 'audios', 'c.wav', wav(4096));
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ msg: MSG.tooManyRequests });
    expect(third.headers['retry-after']).toBeDefined();

    first.finish();
    expect(await first.answer).toBe(200);
    second.abort();
    expect(await eventually(async () => (await reservationsOf(p)) === 0)).toBe(true);
    expect((await upload(p, 'audios', 'd.wav', wav(4096))).statusCode).toBe(200);
    expect(await storedBytes(p)).toBe(2 * MB + 4096);
  });

  it('an upload cancelled before the server reads its body gives its reservation back, so the quota and both slots are free', async () => {
    const p = await buildPerformer(t);
    // The upload waits for its reservation while the client goes away.
    const lock = await holdRowLock(p);
    const cancelled = heldUpload(p, wav(2 * MB));
    await sleep(300);
    cancelled.abort();
    await sleep(200);
    await lock.release();
    // The reservation is made after the client left; it must not wait for a body that never comes.
    await sleep(1000);
    expect(await eventually(async () => (await reservationsOf(p)) === 0)).toBe(true);
    const first = heldUpload(p, wav(2 * MB));
    const second = heldUpload(p, wav(2 * MB));
    expect(await eventually(async () => (await reservationsOf(p)) === 2)).toBe(true);
    first.finish();
    second.finish();
    expect(await Promise.all([first.answer, second.answer])).toEqual([200, 200]);
    expect(await reservationsOf(p)).toBe(0);
  });

  it('a photo cancelled halfway stores nothing and gives its reservation back', async () => {
    const p = await buildPerformer(t);
    const photo = await makeImage('jpeg', { width: 1600, height: 1600 });
    const cut = heldUpload(p, Buffer.concat([photo, randomBytes(4 * MB)]), 'images', 'halfway.jpg');
    expect(await eventually(async () => (await reservationsOf(p)) === 1)).toBe(true);
    const logged = errorLog.length;
    cut.abort();
    expect(await eventually(async () => (await reservationsOf(p)) === 0)).toBe(true);
    expect(await t.ctx.db.$count(uploads, eq(uploads.userId, p._id))).toBe(0);
    expect(errorLog.slice(logged)).toEqual([]);
    expect((await upload(p, 'images', 'next.jpg', photo)).statusCode).toBe(200);
  });
  it('a photo cancelled while the server stores it is not kept: no upload, no file, no reservation', async () => {
    const p = await buildPerformer(t);
    const folder = path.join(t.dataDir, 'uploads', 'images');
    const files = () => readdir(folder).catch(() => [] as string[]);
    const before = (await files()).length;
    const late = heldUpload(p, await makeImage('jpeg', { width: 1600, height: 1600 }), 'images', 'late.jpg');
    expect(await eventually(async () => (await reservationsOf(p)) === 1)).toBe(true);
    // All bytes go out; the server stores the file, then waits for the lock to record it.
    const lock = await holdRowLock(p);
    late.finish();
    expect(await eventually(async () => (await files()).length > before)).toBe(true);
    late.abort();
    await sleep(200);
    await lock.release();
    expect(await eventually(async () => (await reservationsOf(p)) === 0)).toBe(true);
    expect(await eventually(async () => (await t.ctx.db.$count(uploads, eq(uploads.userId, p._id))) === 0)).toBe(true);
    expect(await eventually(async () => (await files()).length === before)).toBe(true);
  });
});

describe('image pixels', () => {
  it('refuses a small PNG that decodes to 49 megapixels with 413 { msg } and stores nothing', async () => {
    const p = await buildPerformer(t);
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MEDIA_LIMITS.maxBytes.images);
    const res = await upload(p, 'images', 'bomb.png', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ msg: MSG.imageTooManyPixels(40) });
    expect(await t.ctx.db.$count(uploads, eq(uploads.userId, p._id))).toBe(0);
  });
});
