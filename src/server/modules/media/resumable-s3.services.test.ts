/**
 * Resumable uploads on the S3 store (docs/media.md): two instances behind one bucket resume
 * each other's uploads. Started on one instance, continued and used on the other, as a phone
 * whose next request reaches another instance behind the load balancer would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/media-files.js';
import { startS3StandIn, type S3StandIn } from '../../../../test/s3-stand-in.js';
import { accountOn, startTwoInstances, type TwoInstances } from '../../../../test/two-instances.js';
import type { AppProcess } from '../../../../test/app-process.js';

let s3: S3StandIn;
let two: TwoInstances;
let ana: Awaited<ReturnType<typeof accountOn>>;
let ben: Awaited<ReturnType<typeof accountOn>>;

beforeAll(async () => {
  s3 = await startS3StandIn();
  two = await startTwoInstances('tus-s3', s3.env);
  ana = await accountOn(two, 'audition', 'Ana Bucket');
  ben = await accountOn(two, 'audition', 'Ben Bucket');
}, 120_000);
afterAll(async () => {
  await two?.stop();
  await s3?.close();
});

const meta = `kind ${Buffer.from('videos').toString('base64')},filename ${Buffer.from('clip.mp4').toString('base64')}`;
const tus = (app: AppProcess, path: string, init: RequestInit & { headers: Record<string, string> }, token: string) =>
  fetch(`${app.baseUrl}${path}`, { ...init, headers: { 'tus-resumable': '1.0.0', 'x-auth-token': token, ...init.headers } });

describe('resumable uploads on S3 across two instances', () => {
  it('an upload begun on one instance is resumed, finished and used on the other; another account sees nothing', async () => {
    const clip = fixture('clip.mp4');
    const half = Math.floor(clip.length / 2);
    const created = await tus(two.a, '/api/uploads', { method: 'POST', headers: { 'upload-length': String(clip.length), 'upload-metadata': meta } }, ana.token);
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    const path = `/api/uploads/${id}`;

    const first = await tus(two.a, path, { method: 'PATCH', headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(clip.subarray(0, half)) }, ana.token);
    expect(first.status, await first.clone().text()).toBe(204);

    // The other instance knows how far it got, from the bucket; another account does not see it.
    const head = await tus(two.b, path, { method: 'HEAD', headers: {} }, ana.token);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect((await tus(two.b, path, { method: 'HEAD', headers: {} }, ben.token)).status).toBe(404);

    const rest = await tus(two.b, path, { method: 'PATCH', headers: { 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(clip.subarray(half)) }, ana.token);
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(clip.length));

    const used = await fetch(`${two.b.baseUrl}/api/storage/videos/from-upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': ana.token },
      body: JSON.stringify({ uploadId: id }),
    });
    expect(used.status, await used.clone().text()).toBe(200);
    const { url } = (await used.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/videos\/clip-[0-9a-f]+\.mp4$/);
    // The file served from the bucket is the bytes sent, through either instance.
    const served = await fetch(`${two.a.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(clip)).toBe(true);
    // Used once: gone on both.
    expect((await tus(two.a, path, { method: 'HEAD', headers: {} }, ana.token)).status).toBe(404);
  });

  it('an upload abandoned on the other instance is gone from the bucket for both', async () => {
    const clip = fixture('clip.mp4');
    const created = await tus(two.a, '/api/uploads', { method: 'POST', headers: { 'upload-length': String(clip.length), 'upload-metadata': meta } }, ana.token);
    expect(created.status).toBe(201);
    const path = `/api/uploads/${created.headers.get('location')!.split('/').pop()}`;
    const some = await tus(two.a, path, { method: 'PATCH', headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(clip.subarray(0, 1000)) }, ana.token);
    expect(some.status).toBe(204);
    expect((await tus(two.b, path, { method: 'DELETE', headers: {} }, ben.token)).status).toBe(404);
    expect((await tus(two.b, path, { method: 'DELETE', headers: {} }, ana.token)).status).toBe(204);
    expect((await tus(two.a, path, { method: 'HEAD', headers: {} }, ana.token)).status).toBe(404);
  });
});
