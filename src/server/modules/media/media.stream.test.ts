/**
 * Uploads stream to storage: a 200 MB video sent over real HTTP is stored whole while
 * the server's memory grows by less than 64 MB.
 */
import http from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, type Performer } from '../../../../test/factories.js';
import { MP4_HEAD, mp4Head } from '../../../../test/media-files.js';
import { sampleMemory, streamUpload } from '../../../../test/stream-upload.js';

const MB = 1024 * 1024;

let t: TestApp;
let performer: Performer;
let origin: string;
beforeAll(async () => {
  t = await buildTestApp();
  performer = await buildPerformer(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/storage/videos over HTTP', () => {
  it('stores a 200 MB video while the server grows by less than 64 MB', async () => {
    // Warm up the route, the parser and the pools first, so the baseline is fair.
    const warm = await streamUpload({ origin, path: '/api/storage/videos', token: performer.token, filename: 'warm.mp4', head: mp4Head(8 * MB), size: 8 * MB });
    expect(warm.status, warm.body).toBe(200);

    const memory = sampleMemory();
    const res = await streamUpload({ origin, path: '/api/storage/videos', token: performer.token, filename: 'big.mp4', head: mp4Head(200 * MB), size: 200 * MB });
    const { grewBy, peak } = memory.stop();
    expect(res.status, res.body).toBe(200);

    const { url } = JSON.parse(res.body) as { url: string };
    const stored = await stat(path.join(t.dataDir, 'uploads', ...url.replace('/uploads/', '').split('/')));
    expect(stored.size).toBe(200 * MB);
    console.log(
      `200 MB upload: ${(200 / (res.ms / 1000)).toFixed(0)} MB/s, RSS grew ${(grewBy / MB).toFixed(1)} MB (peak ${(peak / MB).toFixed(0)} MB)`,
    );
    expect(grewBy).toBeLessThan(64 * MB);
  });

  it('leaves no partial file behind when the client goes away mid-upload', async () => {
    const folder = path.join(t.dataDir, 'uploads', 'videos');
    const before = await readdir(folder);
    const boundary = '----audition-abort';
    const request = http.request(`${origin}/api/storage/videos`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(100 * MB),
        'x-auth-token': performer.token,
      },
    });
    request.on('error', () => {});
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp4"\r\n\r\n`);
    request.write(MP4_HEAD);
    for (let i = 0; i < 8; i += 1) request.write(Buffer.alloc(MB));
    // Wait until the server has started writing, then drop the connection.
    await expect.poll(async () => (await readdir(folder)).some((f) => f.endsWith('.part')), { timeout: 10_000 }).toBe(true);
    request.destroy();
    await expect.poll(async () => readdir(folder), { timeout: 10_000 }).toEqual(before);
  });
});
