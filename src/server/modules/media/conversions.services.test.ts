/**
 * Two instances share the conversions (docs/media.md, "Conversion"): both run the
 * `media-conversions` job on one PostgreSQL and one storage; each queued video is claimed
 * by one of them and converted once. Services suite: REDIS_URL and PostgreSQL.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnMediaItem } from '../../../contract/uploads.js';
import { mediaConversions } from '../../db/schema/index.js';
import { multipart } from '../../../../test/media-files.js';
import { accountOn, callInstance, startTwoInstances, type TwoInstances } from '../../../../test/two-instances.js';
import { runFfmpeg } from './conversions.js';

const ITEMS = 8;
let two: TwoInstances;
let dataDir: string;
let clip: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'conversions-shared-'));
  const made = path.join(dataDir, 'clip.mov');
  await runFfmpeg([
    '-f', 'lavfi', '-i', 'testsrc=size=160x96:rate=15:duration=1',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1',
    '-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1', '-x265-params', 'log-level=error',
    '-c:a', 'aac', '-shortest', made,
  ]);
  clip = await readFile(made);
  await rm(made);
  // One disk for both, as one bucket would be.
  two = await startTwoInstances('conversions', { DATA_DIR: dataDir, TRANSCODE_CONCURRENCY: '1' });
}, 180_000);
afterAll(async () => {
  await two?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('media conversions on two instances', () => {
  it('share the work; each item is converted once', async () => {
    const who = await accountOn(two, 'audition', 'Shared Converter');
    for (let i = 0; i < ITEMS; i++) {
      const on = i % 2 === 0 ? two.a : two.b;
      const form = multipart({ filename: `take-${i}.mov`, body: clip });
      const stored = await fetch(`${on.baseUrl}/api/storage/videos`, { method: 'POST', headers: { ...form.headers, 'x-auth-token': who.token }, body: new Uint8Array(form.payload) });
      expect(stored.status).toBe(200);
      const { url } = (await stored.json()) as { url: string };
      expect((await callInstance(on, '/api/upload/media', { mediaType: 'videos', media: url }, who.token)).status).toBe(200);
    }
    let items: OwnMediaItem[] = [];
    for (let i = 0; i < 120 && !(items.length === ITEMS && items.every((m) => m.status !== 'processing')); i++) {
      await new Promise((r) => setTimeout(r, 1000));
      items = (await (await callInstance(two.a, '/api/audition/media', undefined, who.token)).json()) as OwnMediaItem[];
    }
    expect(items.map((m) => m.status)).toEqual(Array(ITEMS).fill('ready'));

    const rows = await two.database.db.select().from(mediaConversions);
    expect(rows).toHaveLength(ITEMS);
    // One attempt each, and one MP4 each on the disk: nothing converted twice.
    for (const row of rows) expect(row).toMatchObject({ status: 'ready', attempts: 1 });
    const mp4s = (await readdir(path.join(dataDir, 'uploads', 'videos'))).filter((n) => n.startsWith('play-'));
    expect(mp4s).toHaveLength(ITEMS);
    // Both instances took some.
    expect(new Set(rows.map((r) => r.claimedBy)).size).toBe(2);
  }, 240_000);
});
