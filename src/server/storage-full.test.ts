/**
 * A full disk (docs/faults.md, "A full disk"): a write that finds no room answers 507 with a
 * message and keeps nothing, and /readyz reports the storage failing below its free-space
 * floor. The disk is the kernel's own full device: the storage's writes are sent to
 * /dev/full, which refuses every byte with ENOSPC. PGlite, or PostgreSQL with TEST_DB=postgres.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../contract/messages.js';
import { buildPerformer, type Performer } from '../../test/factories.js';
import { makeImage, multipart } from '../../test/media-files.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { uploadReservations, uploads } from './db/schema/index.js';

let t: TestApp;
let p: Performer;
beforeAll(async () => {
  // A floor no disk meets: this instance's storage is below it.
  t = await buildTestApp({ STORAGE_MIN_FREE_MB: String(1024 * 1024 * 1024) });
  p = await buildPerformer(t);
  t.ctx.storage.put = async (_key, body) => {
    await pipeline(body, createWriteStream('/dev/full'));
    return { size: 0 };
  };
});
afterAll(async () => {
  await t.close();
});

describe('a full disk', () => {
  it('answers an upload 507 with a message, and keeps no file row and no reservation', async () => {
    const body = multipart({ filename: 'pic.png', contentType: 'image/png', body: await makeImage('png') });
    const res = await t.app.inject({ method: 'POST', url: '/api/storage/images', headers: { ...body.headers, 'x-auth-token': p.token }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toEqual({ msg: MSG.storageFull, code: 'storage_full' });
    expect(await t.ctx.db.$count(uploads, eq(uploads.userId, p._id))).toBe(0);
    expect(await t.ctx.db.$count(uploadReservations, eq(uploadReservations.userId, p._id))).toBe(0);
  });

  it('makes /readyz report the storage failing below the free-space floor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failing: ['storage'] });
  });
});
