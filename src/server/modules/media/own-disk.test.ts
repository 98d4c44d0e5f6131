/**
 * A restart cleans its own disk (docs/faults.md, "Uploads"): another instance's sweep removes
 * a crashed owner's reservation but reaches only its own disk, so the partial files a crash
 * left here are removed by this instance when it starts, once they are stale, whenever it
 * restarts. A partial file still being written is left alone.
 */
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { cleanOwnDisk, STALE_PART_MS } from './upload-sweep.js';

let t: TestApp;
const quiet = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<typeof cleanOwnDisk>[1];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a start after a crash, on its own disk', () => {
  it('removes the stale partial files of an earlier start and keeps one being written', async () => {
    const videos = path.join(t.dataDir, 'uploads', 'videos');
    await mkdir(videos, { recursive: true });
    const crashed = path.join(videos, 'reel.mp4.0123456789ab.part');
    const writing = path.join(videos, 'other.mp4.ba9876543210.part');
    await writeFile(crashed, Buffer.alloc(1024, 7));
    await writeFile(writing, Buffer.alloc(1024, 7));
    // The crash was two minutes ago: the file has not been written since.
    const then = new Date(Date.now() - 2 * 60_000);
    await utimes(crashed, then, then);

    expect(await cleanOwnDisk(t.ctx, quiet)).toBe(1);
    expect((await readdir(videos)).sort()).toEqual(['other.mp4.ba9876543210.part']);
    expect(STALE_PART_MS).toBeLessThan(2 * 60_000);
  });
});
