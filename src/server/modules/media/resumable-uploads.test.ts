/**
 * Resumable uploads (docs/media.md): tus at /api/uploads in pieces with HEAD between them, a
 * stale offset refused, another account's upload 404, a length over the kind's limit 413, the
 * quota held from creation and released on DELETE and on expiry, and a finished upload stored
 * as media by id. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '../../../contract/media.js';
import { resumableUploads, uploads } from '../../db/schema/index.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { fixture } from '../../../../test/media-files.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { sweepExpiredUploads, tusStoreOf } from './resumable-uploads.js';

let t: TestApp;
let ana: Performer;
let ben: Performer;
beforeAll(async () => {
  t = await buildTestApp();
  [ana, ben] = await Promise.all([buildPerformer(t, { fname: 'Ana Resume' }), buildPerformer(t, { fname: 'Ben Other' })]);
});
afterAll(async () => {
  await t?.close();
});

const meta = (kind: string, filename: string) => `kind ${Buffer.from(kind).toString('base64')},filename ${Buffer.from(filename).toString('base64')}`;
const tusHeaders = (token: string) => ({ 'tus-resumable': '1.0.0', 'x-auth-token': token });

const create = (token: string, length: number, kind = 'videos', filename = 'clip.mp4') =>
  t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...tusHeaders(token), 'upload-length': String(length), 'upload-metadata': meta(kind, filename) }, remoteAddress: newAddress() });
/** An upload's life after its last byte. */
const MEDIA_DAY_MS = 24 * 3_600_000;
const idOf = (location: string | string[] | number | undefined) => String(location).split('/').pop()!;
const patch = (token: string, id: string, offset: number, body: Buffer) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: { ...tusHeaders(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: body,
    remoteAddress: newAddress(),
  });
const head = (token: string, id: string) => t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(token), remoteAddress: newAddress() });
const abandon = (token: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: tusHeaders(token), remoteAddress: newAddress() });

describe('tus at /api/uploads', () => {
  it('takes a video in pieces with a HEAD between them, refuses a stale offset, and stores it by id', async () => {
    const clip = fixture('clip.mp4');
    const half = Math.floor(clip.length / 2);
    const created = await create(ana.token, clip.length);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['upload-expires']).toBeDefined();
    const id = idOf(created.headers.location);

    const first = await patch(ana.token, id, 0, clip.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    const resume = await head(ana.token, id);
    expect(resume.statusCode).toBe(200);
    expect(resume.headers['upload-offset']).toBe(String(half));
    expect(resume.headers['upload-length']).toBe(String(clip.length));
    // A piece sent again from the start (a stale offset) is refused and changes nothing.
    expect((await patch(ana.token, id, 0, clip.subarray(0, half))).statusCode).toBe(409);
    expect((await head(ana.token, id)).headers['upload-offset']).toBe(String(half));

    // Not finished yet: it cannot be used.
    const early = await t.app.inject({ method: 'POST', url: '/api/storage/videos/from-upload', headers: { 'x-auth-token': ana.token }, payload: { uploadId: id }, remoteAddress: newAddress() });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'upload_unfinished' });

    expect((await patch(ana.token, id, half, clip.subarray(half))).statusCode).toBe(204);
    // Another account cannot use it.
    const stolen = await t.app.inject({ method: 'POST', url: '/api/storage/videos/from-upload', headers: { 'x-auth-token': ben.token }, payload: { uploadId: id }, remoteAddress: newAddress() });
    expect(stolen.statusCode).toBe(404);
    const used = await t.app.inject({ method: 'POST', url: '/api/storage/videos/from-upload', headers: { 'x-auth-token': ana.token }, payload: { uploadId: id }, remoteAddress: newAddress() });
    expect(used.statusCode, used.body).toBe(200);
    const { url } = used.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/videos\/clip-[0-9a-f]+\.mp4$/);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.url, url));
    expect(row?.size).toBe(clip.length);
    expect(await t.ctx.db.$count(resumableUploads, eq(resumableUploads.id, id))).toBe(0);
    expect(await (await tusStoreOf(t.ctx)).progress(id)).toBeNull();
    // Moved into storage rather than copied: the stored bytes are the clip's, and the tus folder
    // keeps neither the bytes nor their record.
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(clip)).toBe(true);
    expect((await readdir(path.join(t.ctx.config.dataDir, 'tus'))).filter((name) => name.startsWith(id))).toEqual([]);
    // Used once: a second use is 404.
    const again = await t.app.inject({ method: 'POST', url: '/api/storage/videos/from-upload', headers: { 'x-auth-token': ana.token }, payload: { uploadId: id }, remoteAddress: newAddress() });
    expect(again.statusCode).toBe(404);
  });

  it('moves the expiry to 24 hours after a PATCH once it has slipped over an hour behind, not on every piece', async () => {
    const clip = fixture('clip.mp4');
    const third = Math.floor(clip.length / 3);
    const created = await create(ana.token, clip.length);
    const id = idOf(created.headers.location);
    const expiryOf = async () => (await t.ctx.db.select().from(resumableUploads).where(eq(resumableUploads.id, id)))[0]!.expiresAt.getTime();
    const first = await expiryOf();
    // A piece right after the creation: the expiry is fresh, the row is not written, the header says the same time.
    const piece = await patch(ana.token, id, 0, clip.subarray(0, third));
    expect(piece.statusCode).toBe(204);
    expect(new Date(String(piece.headers['upload-expires'])).getTime()).toBe(Math.floor(first / 1000) * 1000);
    expect(await expiryOf()).toBe(first);
    // Two hours later (the expiry has slipped): the next piece moves it to 24 hours after itself.
    await t.ctx.db.update(resumableUploads).set({ expiresAt: new Date(first - 2 * 3_600_000) }).where(eq(resumableUploads.id, id));
    const before = Date.now();
    const later = await patch(ana.token, id, third, clip.subarray(third, 2 * third));
    expect(later.statusCode).toBe(204);
    // Written once tus has answered (only a piece that arrived moves it), so read until it lands.
    await expect.poll(expiryOf).toBeGreaterThanOrEqual(before + MEDIA_DAY_MS);
    const moved = await expiryOf();
    expect(new Date(String(later.headers['upload-expires'])).getTime()).toBe(Math.floor(moved / 1000) * 1000);
    expect((await abandon(ana.token, id)).statusCode).toBe(204);
  });

  it('hides an upload from every other account: HEAD, PATCH and DELETE are 404', async () => {
    const id = idOf((await create(ana.token, 10)).headers.location);
    expect((await head(ben.token, id)).statusCode).toBe(404);
    expect((await patch(ben.token, id, 0, Buffer.alloc(10))).statusCode).toBe(404);
    expect((await abandon(ben.token, id)).statusCode).toBe(404);
    expect((await head(ana.token, id)).headers['upload-offset']).toBe('0');
    expect((await abandon(ana.token, id)).statusCode).toBe(204);
  });

  it('refuses a length over the kind’s limit with 413 { msg, code } and records nothing', async () => {
    const res = await create(ana.token, MEDIA_LIMITS.maxBytes.videos + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'too_large', msg: expect.any(String) });
    expect(await t.ctx.db.$count(resumableUploads, eq(resumableUploads.userId, ana._id))).toBe(0);
  });

  it('holds the quota from creation and gives it back on DELETE and on expiry', async () => {
    const big = MEDIA_LIMITS.maxBytes.videos;
    const ids: string[] = [];
    while ((ids.length + 1) * big <= MEDIA_LIMITS.quotaBytes - 1024 * 1024) {
      const res = await create(ben.token, big);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(idOf(res.headers.location));
    }
    expect((await create(ben.token, big)).statusCode).toBe(413);
    expect((await abandon(ben.token, ids.pop()!)).statusCode).toBe(204);
    const after = await create(ben.token, big);
    expect(after.statusCode).toBe(201);
    expect((await create(ben.token, big)).statusCode).toBe(413);

    // Expired (24 hours after its last byte): its quota stops counting, and the sweep removes its bytes.
    const expired = idOf(after.headers.location);
    await t.ctx.db.update(resumableUploads).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(resumableUploads.id, expired));
    expect((await head(ben.token, expired)).statusCode).toBe(404);
    expect(await (await tusStoreOf(t.ctx)).progress(expired)).not.toBeNull();
    expect(await sweepExpiredUploads(t.ctx)).toBe(1);
    expect(await (await tusStoreOf(t.ctx)).progress(expired)).toBeNull();
    expect((await create(ben.token, big)).statusCode).toBe(201);
  });
});

describe('a finished upload as a tape', () => {
  it('POST /api/audition/tape-requests/{id}/tape takes { uploadId }', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Resumable Studio' });
    await givePlan(t, ana._id, 'Gold');
    const job = await postJob(t, studio, { title: 'Resumable Job' });
    const applied = await t.app.inject({ method: 'POST', url: `/api/jobs/${job._id}/apply`, headers: { 'x-auth-token': ana.token }, payload: {}, remoteAddress: newAddress() });
    expect(applied.statusCode, applied.body).toBe(201);
    const deadline = new Date(earliestDeadline(new Date(), 48).getTime() + 60 * 60_000).toISOString();
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/studio/tape-requests',
      headers: { 'x-auth-token': studio.token },
      payload: { applicationIds: [(applied.json() as { _id: string })._id], instructions: 'Read the scene', deadline },
      remoteAddress: newAddress(),
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const requestId = (requested.json() as { tapeRequests: { _id: string }[] }).tapeRequests[0]!._id;
    expect((await t.app.inject({ method: 'POST', url: `/api/audition/tape-requests/${requestId}/accept`, headers: { 'x-auth-token': ana.token }, remoteAddress: newAddress() })).statusCode).toBe(200);

    const clip = fixture('clip.mp4');
    const id = idOf((await create(ana.token, clip.length, 'tape', 'tape.mp4')).headers.location);
    expect((await patch(ana.token, id, 0, clip)).statusCode).toBe(204);
    const sent = await t.app.inject({ method: 'POST', url: `/api/audition/tape-requests/${requestId}/tape`, headers: { 'x-auth-token': ana.token }, payload: { uploadId: id }, remoteAddress: newAddress() });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'submitted', tape: { url: expect.any(String) } });
    expect(await t.ctx.db.$count(resumableUploads, eq(resumableUploads.id, id))).toBe(0);
  });
});
