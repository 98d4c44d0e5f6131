/**
 * The upload sweep (docs/faults.md, "Uploads") removes what an owner that is gone left — its
 * partial file and its reservation — and nothing of a live upload's. PGlite, or PostgreSQL
 * with TEST_DB=postgres.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadReservations } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer } from '../../../../test/factories.js';
import { sweepAbandonedUploads, UPLOAD_OWNER } from './upload-sweep.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A reservation of `owner` whose file was being written when it stopped: the row and the .part. */
async function interrupted(userId: string, owner: string) {
  const key = `videos/reel-${randomBytes(8).toString('hex')}.mp4`;
  const folder = path.join(t.dataDir, 'uploads', 'videos');
  await mkdir(folder, { recursive: true });
  const part = `${path.basename(key)}.${randomBytes(6).toString('hex')}.part`;
  await writeFile(path.join(folder, part), Buffer.alloc(64 * 1024, 7));
  const [row] = await t.ctx.db
    .insert(uploadReservations)
    .values({ userId, bytes: 200 * 1024 * 1024, expiresAt: new Date(Date.now() + 3_600_000), ownerId: owner, storageKey: key })
    .returning({ id: uploadReservations.id });
  return { id: row!.id, part };
}

describe('sweepAbandonedUploads', () => {
  it("removes a gone owner's partial file and reservation, and leaves this process's running upload alone", async () => {
    const p = await buildPerformer(t);
    await interrupted(p._id, randomUUID());
    const live = await interrupted(p._id, UPLOAD_OWNER);
    const result = await sweepAbandonedUploads(t.ctx, t.app.log);
    expect(result).toEqual({ reservations: 1, pieces: 1 });
    const left = await t.ctx.db.select({ id: uploadReservations.id }).from(uploadReservations).where(eq(uploadReservations.userId, p._id));
    expect(left).toEqual([{ id: live.id }]);
    const parts = (await readdir(path.join(t.dataDir, 'uploads', 'videos'))).filter((name) => name.endsWith('.part'));
    expect(parts).toEqual([live.part]);
  });
});
