/** Sides and tapes through the S3 driver (s3rver on loopback): stored under private/ keys, read back stamped, played through a signed redirect. */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TapeRequest } from '../../../contract/self-tapes.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { makeMp4, multipart } from '../../../../test/media-files.js';
import { readPdf } from '../../../../test/pdf-text.js';
import { useS3StandIn } from '../../../../test/storage-setups.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';

const s3 = useS3StandIn();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(s3.env());
});
afterAll(async () => {
  await t?.close();
});

const upload = (url: string, token: string, file: { filename: string; body: Buffer }) => {
  const body = multipart(file);
  return t.app.inject({ method: 'POST', url, headers: { ...body.headers, 'x-auth-token': token }, payload: body.payload, remoteAddress: newAddress() });
};

it('keeps sides and tapes in the bucket under private keys, stamps sides read from it, and plays a tape by a signed redirect', async () => {
  expect(t.ctx.storage.driver).toBe('s3');
  const studio = await buildStudioAccount(t, { fname: 'Bucket Studio' });
  const performer = await buildPerformer(t, { fname: 'Bucket Performer' });
  await givePlan(t, performer._id, 'Gold');
  const job = await postJob(t, studio, { title: 'Bucket Job' });
  const applied = await t.app.inject({ method: 'POST', url: `/api/jobs/${job._id}/apply`, headers: { 'x-auth-token': performer.token }, payload: {}, remoteAddress: newAddress() });
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i += 1) doc.addPage([612, 792]);
  const sides = await upload('/api/studio/files', studio.token, { filename: 'sides.pdf', body: Buffer.from(await doc.save()) });
  expect(sides.statusCode).toBe(201);
  const deadline = new Date(earliestDeadline(new Date(), 48).getTime() + 3_600_000).toISOString();
  const made = await t.app.inject({ method: 'POST', url: '/api/studio/tape-requests', headers: { 'x-auth-token': studio.token }, payload: { applicationIds: [applied.json()._id], sidesFileId: sides.json().fileId, deadline } });
  expect(made.statusCode).toBe(201);
  const id = (made.json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!._id;
  await t.app.inject({ method: 'POST', url: `/api/audition/tape-requests/${id}/accept`, headers: { 'x-auth-token': performer.token } });

  const stamped = await t.app.inject({ method: 'GET', url: `/api/audition/tape-requests/${id}/sides`, headers: { 'x-auth-token': performer.token } });
  expect(stamped.statusCode).toBe(200);
  const pages = readPdf(stamped.rawPayload);
  expect(pages).toHaveLength(2);
  expect(pages[1]!.text.toLowerCase()).toContain('bucket performer');

  const first = await upload(`/api/audition/tape-requests/${id}/tape`, performer.token, { filename: 'a.mp4', body: makeMp4(50_000) });
  expect(first.statusCode).toBe(200);
  const second = await upload(`/api/audition/tape-requests/${id}/tape`, performer.token, { filename: 'b.mp4', body: makeMp4(60_000) });
  expect(second.statusCode).toBe(200);
  const keys = await s3.listKeys(t);
  // The sides and one tape: the replaced tape is gone; nothing private outside private/.
  expect(keys.filter((k) => k.startsWith('private/tape-'))).toHaveLength(1);
  expect(keys.filter((k) => k.startsWith('private/sides-'))).toHaveLength(1);

  const tape = (second.json() as TapeRequest).tape!;
  const redirect = await t.app.inject({ method: 'GET', url: tape.url });
  expect(redirect.statusCode).toBe(302);
  const played = await fetch(redirect.headers.location as string, { headers: { range: 'bytes=0-99' } });
  expect(played.status).toBe(206);
  expect((await played.arrayBuffer()).byteLength).toBe(100);
  expect((await t.app.inject({ method: 'GET', url: `/uploads/${keys.find((k) => k.startsWith('private/tape-'))}` })).statusCode).toBe(404);
});
