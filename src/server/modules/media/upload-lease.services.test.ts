/**
 * An instance whose connections to PostgreSQL drop and come back (a failover, an
 * idle-connection killer) is still alive to the other instances' upload sweep: its lease
 * outlives the reconnect, so its live upload's reservation is kept (docs/faults.md,
 * "Uploads"). The instance runs as its own process, reaching the database through a proxy
 * that the test cuts and restores; the sweep runs here, as another instance's would.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../../../../test/app-process.js';
import { mp4Head } from '../../../../test/media-files.js';
import { createPostgresDatabase } from '../../../../test/postgres-database.js';
import { startTcpProxy, type TcpProxy } from '../../../../test/tcp-proxy.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { openDatabase } from '../../db/client.js';
import { uploadReservations, users } from '../../db/schema/index.js';
import { signToken } from '../auth/index.js';
import { sweepAbandonedUploads } from './upload-sweep.js';

const MB = 1024 * 1024;
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

/** Starts a 200 MB video upload and sends its first 8 MB, then holds. */
function startBigUpload(token: string) {
  const boundary = `----audition${randomBytes(8).toString('hex')}`;
  const size = 200 * MB;
  const open = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reel.mp4"\r\n\r\n`);
  const request = http.request(new URL('/api/storage/videos', instance.baseUrl), {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(open.length + size + 40), 'x-auth-token': token },
  });
  request.on('error', () => {});
  request.write(Buffer.concat([open, mp4Head(size)]));
  for (let i = 0; i < 8; i += 1) request.write(Buffer.alloc(MB, 7));
  return request;
}

describe('an instance whose database connections dropped and came back', () => {
  it('keeps its live upload: another instance\'s sweep leaves the reservation', async () => {
    const [user] = await other.ctx.db
      .insert(users)
      .values({ email: `lease-${Date.now()}@example.com`, fname: 'lease', passwordHash: 'not-a-login' })
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    const token = await signToken(new TextEncoder().encode(JWT_SECRET), user!.id, user!.tokenVersion);
    const reservations = () => other.ctx.db.$count(uploadReservations, eq(uploadReservations.userId, user!.id));

    const request = startBigUpload(token);
    await expect.poll(reservations, { timeout: 30_000, interval: 100 }).toBe(1);
    await proxy.cut();
    await proxy.restore();
    // Within the reconnect's 1–5 s, and after it: the instance is alive all along.
    expect(await sweepAbandonedUploads(other.ctx, quiet)).toEqual({ ran: true, reservations: 0, pieces: 0 });
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await sweepAbandonedUploads(other.ctx, quiet)).toEqual({ ran: true, reservations: 0, pieces: 0 });
    expect(await reservations()).toBe(1);
    request.destroy();
  }, 120_000);
});
