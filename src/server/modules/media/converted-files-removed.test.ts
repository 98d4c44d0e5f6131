/**
 * A video's converted MP4 and poster go when the original goes (docs/media.md): a removed
 * video and a deleted account leave no converted file in storage.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaConversions, uploads } from '../../db/schema/index.js';
import { givePlan } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { makeMp4, multipart } from '../../../../test/media-files.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token }, payload: payload as object, remoteAddress: newAddress() });

/** A stored, registered video whose conversion is done, its two outputs in storage. */
async function convertedVideo(who: Performer): Promise<{ url: string; outputs: string[] }> {
  const form = multipart({ filename: 'clip.mp4', body: makeMp4(20_000) });
  const stored = await t.app.inject({ method: 'POST', url: '/api/storage/videos', headers: { ...form.headers, 'x-auth-token': who.token }, payload: form.payload, remoteAddress: newAddress() });
  const url = (stored.json() as { url: string }).url;
  expect((await call('POST', '/api/upload/media', who.token, { mediaType: 'videos', media: url })).statusCode).toBe(200);
  const [{ key }] = (await t.ctx.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.url, url))) as [{ key: string }];
  const outputs = [`videos/play-${key.split('/').pop()}.mp4`, `images/poster-${key.split('/').pop()}.jpg`];
  for (const k of outputs) await t.ctx.storage.put(k, Readable.from([makeMp4(10_000)]), 'video/mp4');
  await t.ctx.db.update(mediaConversions).set({ status: 'ready', playbackKey: outputs[0], posterKey: outputs[1] }).where(eq(mediaConversions.sourceKey, key));
  for (const k of outputs) expect(await t.ctx.storage.exists(k)).toBe(true);
  return { url, outputs };
}

describe('converted files go with their original', () => {
  it('a removed video', async () => {
    const p = await buildPerformer(t, {});
    await givePlan(t, p._id, 'Gold');
    const { url, outputs } = await convertedVideo(p);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/upload/media', headers: { 'x-auth-token': p.token }, payload: { mediaType: 'videos', media: url }, remoteAddress: newAddress() });
    expect(res.statusCode).toBe(200);
    for (const k of outputs) expect(await t.ctx.storage.exists(k)).toBe(false);
  });

  it('a deleted account', async () => {
    const p = await buildPerformer(t, {});
    await givePlan(t, p._id, 'Gold');
    const { outputs } = await convertedVideo(p);
    const res = await call('DELETE', '/api/me', p.token, { password: p.password });
    expect(res.statusCode).toBe(200);
    for (const k of outputs) expect(await t.ctx.storage.exists(k)).toBe(false);
    expect(await t.ctx.db.select().from(mediaConversions).where(eq(mediaConversions.playbackKey, outputs[0]!))).toHaveLength(0);
  });
});
