/**
 * A sent video in the review room (/review/{token}) plays its converted MP4 with its poster,
 * both only through the token (docs/media.md, "Players"); `processing` until converted.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaConversions, uploads } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeMp4, multipart } from '../../../../test/media-files.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let performer: Performer;
let token: string;
let key: string;

const call = (method: 'GET' | 'POST', url: string, auth: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': auth }, payload: payload as object, remoteAddress: newAddress() });

beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Room Studio' });
  performer = await buildPerformer(t, { fname: 'Room Performer' });
  await givePlan(t, performer._id, 'Gold');
  const form = multipart({ filename: 'clip.mp4', body: makeMp4(20_000) });
  const stored = await t.app.inject({ method: 'POST', url: '/api/storage/videos', headers: { ...form.headers, 'x-auth-token': performer.token }, payload: form.payload, remoteAddress: newAddress() });
  const video = (stored.json() as { url: string }).url;
  expect((await call('POST', '/api/upload/media', performer.token, { mediaType: 'videos', media: video })).statusCode).toBe(200);
  const job = await postJob(t, studio, { title: 'Room Job' });
  const applied = await call('POST', `/api/jobs/${job._id}/apply`, performer.token, { media: [video] });
  expect(applied.statusCode).toBe(201);
  const link = await call('POST', '/api/studio/review-links', studio.token, { jobId: job._id, applicationIds: [applied.json()._id], expiresInDays: 3 });
  expect(link.statusCode).toBe(201);
  token = (link.json() as { url: string }).url.slice('/review/'.length);
  key = (await t.ctx.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.url, video)))[0]!.key;
});
afterAll(async () => {
  await t.close();
});

const room = async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/review/${token}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { performers: { media: { url: string; type: string; status?: string; playbackUrl?: string | null; posterUrl?: string | null }[] }[] }).performers[0]!.media[0]!;
};

describe('sent videos in the review room', () => {
  it('say processing, then play the MP4 and poster through the token only', async () => {
    expect(await room()).toMatchObject({ type: 'videos', status: 'processing', playbackUrl: null, posterUrl: null });
    const mp4 = makeMp4(10_000);
    await t.ctx.storage.put(`${key}.play.mp4`, Readable.from([mp4]), 'video/mp4');
    await t.ctx.db.update(mediaConversions).set({ status: 'ready', playbackKey: `${key}.play.mp4`, posterKey: `${key}.poster.jpg` }).where(eq(mediaConversions.sourceKey, key));
    const ready = await room();
    expect(ready.status).toBe('ready');
    expect(ready.playbackUrl).toBe(`${ready.url}?file=playback`);
    expect(ready.posterUrl).toBe(`${ready.url}?file=poster`);
    const played = await t.app.inject({ method: 'GET', url: ready.playbackUrl! });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(mp4)).toBe(true);
    // A made-up token reaches nothing.
    const guessed = await t.app.inject({ method: 'GET', url: ready.playbackUrl!.replace(token, 'x'.repeat(43)) });
    expect(guessed.statusCode).toBe(404);
  });
});
