/**
 * An instance whose connections to PostgreSQL drop and come back (a failover, an
 * idle-connection killer) is still alive to the other instances' upload sweep: its lease
 * outlives the reconnect, so its live upload's reservation is kept (docs/faults.md,
 * "Uploads"). The instance runs as its own process, reaching the database through a proxy
 * that the test cuts and restores; the sweep runs here, as another instance's would.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../../../../test/app-process.js';
import { startHeldUpload } from '../../../../test/stream-upload.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { startTcpProxy, type TcpProxy } from '../../../../test/tcp-proxy.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { openDatabase } from '../../db/client.js';
import { uploadOwners, uploadReservations, users } from '../../db/schema/index.js';
import { signToken } from '../auth/index.js';
import { sweepAbandonedUploads } from './upload-sweep.js';

const JWT_SECRET = 'lease-test-secret-lease-test-secret-0123';
const quiet = { warn: () => {}, info: () => {}, error: () => {} } as unknown as Parameters<typeof sweepAbandonedUploads>[1];

let proxy: TcpProxy;
let instance: AppProcess;
let other: TestApp;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  drop = fresh.drop;
  const real = new URL(fresh.url);
  proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  const viaProxy = new URL(fresh.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  // The other instance, on a connection of its own that the cut leaves alone.
  other = await buildTestApp({ JWT_SECRET }, { database: await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 3 }) });
  instance = await startAppProcess({ DATABASE_URL: viaProxy.toString(), JWT_SECRET, SEED_DEMO: '0' });
}, 120_000);
afterAll(async () => {
  await instance?.kill();
  await other?.close();
  await proxy?.close();
  await drop?.();
});

describe("an instance's upload lease", () => {
  it('is renewed while the instance runs (its runner\'s upload-owner job), beyond the 30 s it was taken for', async () => {
    const leases = () => other.ctx.db.select().from(uploadOwners);
    await expect.poll(async () => (await leases()).length, { timeout: 30_000 }).toBe(1);
    const [taken] = await leases();
    await expect.poll(async () => (await leases())[0]!.expiresAt.getTime(), { timeout: 30_000, interval: 500 }).toBeGreaterThan(taken!.expiresAt.getTime());
  }, 60_000);
});

describe('an instance whose database connections dropped and came back', () => {
  it('keeps its live upload: another instance\'s sweep leaves the reservation', async () => {
    const [user] = await other.ctx.db
      .insert(users)
      .values({ email: `lease-${Date.now()}@example.com`, fname: 'lease', passwordHash: 'not-a-login' })
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    const token = await signToken(new TextEncoder().encode(JWT_SECRET), user!.id, user!.tokenVersion);
    const reservations = () => other.ctx.db.$count(uploadReservations, eq(uploadReservations.userId, user!.id));

    const keys = async () => (await other.ctx.db.select({ key: uploadReservations.storageKey }).from(uploadReservations).where(eq(uploadReservations.userId, user!.id))).map((r) => r.key !== null);

    const request = startHeldUpload(instance.baseUrl, token, 8);
    let answered: number | undefined;
    request.once('response', (response) => {
      answered = response.statusCode;
      response.resume();
    });
    // Cut only once the upload has written its file's key on the reservation, its last write
    // before the body streams to disk (media.service.ts `store`): a cut that fails that write
    // ends the upload itself with a 500, and its `finally` rightly gives the reservation back
    // (docs/faults.md, "Uploads"), which is not what this test is about.
    await expect.poll(keys, { timeout: 30_000, interval: 100 }).toEqual([true]);
    await proxy.cut();
    await proxy.restore();
    // Within the reconnect's 1–5 s, and after it: the instance is alive all along.
    expect(await sweepAbandonedUploads(other.ctx, quiet)).toEqual({ reservations: 0, pieces: 0 });
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await sweepAbandonedUploads(other.ctx, quiet)).toEqual({ reservations: 0, pieces: 0 });
    // The upload is still running, unanswered, and holds its reservation.
    expect(answered).toBeUndefined();
    expect(await reservations()).toBe(1);
    request.destroy();
  }, 120_000);
});
