/**
 * Resumable uploads expire by the database's clock (docs/faults.md, "Clocks that disagree"):
 * an instance whose clock runs 45 s ahead sweeps nothing the database still keeps. PostgreSQL
 * only: PGlite runs on the app's own clock, so there the two cannot disagree.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { openDatabase } from '../../db/client.js';
import { resumableUploads } from '../../db/schema/index.js';
import { sweepExpiredUploads, tusStoreOf } from './resumable-uploads.js';

let t: TestApp;
let ana: Performer;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  t = await buildTestApp({}, { database: await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 3 }) });
  ana = await buildPerformer(t, { fname: 'Ana Clock' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await dropDatabase?.();
});
afterEach(() => {
  vi.useRealTimers();
});

const meta = `kind ${Buffer.from('videos').toString('base64')},filename ${Buffer.from('clip.mp4').toString('base64')}`;

describe('the resumable-upload sweep on an instance whose clock is ahead', () => {
  it('takes only what the database says has expired', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'x-auth-token': ana.token, 'upload-length': '1024', 'upload-metadata': meta },
      remoteAddress: newAddress(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    // 20 s left on the database's clock; this instance's clock is 45 s ahead.
    await t.ctx.db.update(resumableUploads).set({ expiresAt: sql`now() + interval '20 seconds'` }).where(eq(resumableUploads.id, id));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 45_000 });
    expect(await sweepExpiredUploads(t.ctx)).toBe(0);
    vi.useRealTimers();
    expect(await (await tusStoreOf(t.ctx)).progress(id)).not.toBeNull();
    // Once the database says so, it goes.
    await t.ctx.db.update(resumableUploads).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(resumableUploads.id, id));
    expect(await sweepExpiredUploads(t.ctx)).toBe(1);
    expect(await (await tusStoreOf(t.ctx)).progress(id)).toBeNull();
  });
});
