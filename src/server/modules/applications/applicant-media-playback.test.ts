/**
 * A video a performer sends with an application plays, on the studio's applicant card, as
 * its converted MP4 with its poster, and says `processing` until then (docs/media.md,
 * "Players"). The performer's own view and photos carry no conversion.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentMedia } from '../../../contract/applications.js';
import { mediaConversions, uploads } from '../../db/schema/index.js';
import { addPhoto, givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeMp4, multipart } from '../../../../test/media-files.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let performer: Performer;
let job: { _id: string };
let video: string;
let photo: string;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token }, payload: payload as object, remoteAddress: newAddress() });

beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Card Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
  performer = await buildPerformer(t, { fname: 'Card Performer' });
  await givePlan(t, performer._id, 'Gold');
  photo = await addPhoto(t, performer);
  const form = multipart({ filename: 'clip.mp4', body: makeMp4(20_000) });
  const stored = await t.app.inject({ method: 'POST', url: '/api/storage/videos', headers: { ...form.headers, 'x-auth-token': performer.token }, payload: form.payload, remoteAddress: newAddress() });
  expect(stored.statusCode).toBe(200);
  video = (stored.json() as { url: string }).url;
  expect((await call('POST', '/api/upload/media', performer.token, { mediaType: 'videos', media: video })).statusCode).toBe(200);
  job = await postJob(t, studio, { title: 'Card Job' });
  expect((await call('POST', `/api/jobs/${job._id}/apply`, performer.token, { media: [photo, video] })).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
});

async function studioMedia(): Promise<SentMedia[]> {
  const res = await call('GET', `/api/studio/jobs/${job._id}/applications`, studio.token);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { applications: { media: SentMedia[] }[] };
  return body.applications[0]!.media;
}

describe('sent videos on the applicant card', () => {
  it('say processing until converted, then carry the MP4 and the poster; photos go as sent', async () => {
    const before = await studioMedia();
    expect(before.find((m) => m.type === 'photos')).toEqual({ url: photo, type: 'photos' });
    const sent = before.find((m) => m.type === 'videos')!;
    expect(sent).toMatchObject({ url: video, status: 'processing', playbackUrl: null, posterUrl: null });

    const [upload] = await t.ctx.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.url, video));
    await t.ctx.db
      .update(mediaConversions)
      .set({ status: 'ready', playbackKey: `${upload!.key}.play.mp4`, posterKey: `${upload!.key}.poster.jpg`, durationS: 3 })
      .where(eq(mediaConversions.sourceKey, upload!.key));
    const after = (await studioMedia()).find((m) => m.type === 'videos')!;
    expect(after.status).toBe('ready');
    expect(after.playbackUrl).toMatch(/\.play\.mp4$/);
    expect(after.posterUrl).toMatch(/\.poster\.jpg$/);
    expect(after.durationS).toBe(3);
    // The public portfolio plays the same conversion.
    const portfolio = await t.app.inject({ method: 'GET', url: `/api/talent/${performer._id}`, remoteAddress: newAddress() });
    expect(portfolio.statusCode).toBe(200);
    const played = (portfolio.json() as { videoPlayback: { url: string; status: string; playbackUrl: string | null; posterUrl: string | null }[] }).videoPlayback;
    expect(played).toHaveLength(1);
    expect(played[0]).toMatchObject({ url: video, status: 'ready', playbackUrl: after.playbackUrl, posterUrl: after.posterUrl });
  });

  it('another studio does not see the applicant at all', async () => {
    const res = await call('GET', `/api/studio/jobs/${job._id}/applications`, rival.token);
    expect([403, 404]).toContain(res.statusCode);
  });
});
