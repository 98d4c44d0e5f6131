/**
 * The database goes away mid-run: calls answer 503 { msg } quickly (never hang, never
 * 500), nothing is half-written, and the app recovers when the database returns.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../contract/messages.js';
import { openDatabase } from './db/client.js';
import { pendingSignups } from './db/schema/index.js';
import { buildPerformer, newAddress, performerInput } from '../../test/factories.js';
import { createPostgresDatabase } from '../../test/postgres-database.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let proxy: TcpProxy;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  const real = new URL(fresh.url);
  proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  const viaProxy = new URL(fresh.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  t = await buildTestApp({}, { database: await openDatabase({ kind: 'postgres', url: viaProxy.toString(), poolSize: 4 }) });
});

afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await dropDatabase?.();
});

describe('when PostgreSQL goes away', () => {
  it('answers 503 { msg } within seconds, writes nothing, and recovers when it returns', async () => {
    const performer = await buildPerformer(t);
    const getUserData = () =>
      t.app.inject({ method: 'GET', url: '/api/audition/getUserData', headers: { 'x-auth-token': performer.token } });
    expect((await getUserData()).statusCode).toBe(200);

    await proxy.cut();
    const started = Date.now();
    // Answers cached by version are served only while the change feed can say what changed;
    // once its connection is seen gone, every read needs the database again.
    await expect.poll(() => t.ctx.changes.live, { timeout: 10_000, interval: 50 }).toBe(false);
    const during = await getUserData();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ msg: MSG.unavailable });
    expect(Date.now() - started).toBeLessThan(15_000);

    const input = performerInput();
    const signup = await t.app.inject({ method: 'POST', url: '/api/audition/web/signup', payload: input, remoteAddress: newAddress() });
    expect(signup.statusCode).toBe(503);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ msg: expect.stringContaining('database') });

    // Nothing is cached until the change feed is back.
    expect(t.ctx.changes.live).toBe(false);
    await proxy.restore();
    await expect.poll(async () => (await getUserData()).statusCode, { timeout: 15_000, interval: 250 }).toBe(200);
    await expect.poll(() => t.ctx.changes.live, { timeout: 15_000, interval: 250 }).toBe(true);
    expect(await t.ctx.db.$count(pendingSignups, eq(pendingSignups.email, input.email))).toBe(0);
    expect(t.sink.messages.some((m) => m.to === input.email)).toBe(false);
  });
});
