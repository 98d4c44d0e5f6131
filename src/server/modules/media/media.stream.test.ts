/**
 * Uploads stream to storage: a 200 MB video sent over real HTTP is stored whole while
 * the server's memory grows by less than 64 MB.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, type Performer } from '../../../../test/factories.js';
import { MP4_HEAD } from '../../../../test/media-files.js';
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
    const warm = await streamUpload({ origin, path: '/api/storage/videos', token: performer.token, filename: 'warm.mp4', head: MP4_HEAD, size: 8 * MB });
    expect(warm.status, warm.body).toBe(200);

    const memory = sampleMemory();
    const res = await streamUpload({ origin, path: '/api/storage/videos', token: performer.token, filename: 'big.mp4', head: MP4_HEAD, size: 200 * MB });
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
});
