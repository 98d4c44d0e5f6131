/**
 * PostgreSQL stalls (docs/faults.md, "A stalled database"): its connections stay open and
 * nothing comes back, as when the network drops every packet. A write answers 503 { msg }
 * with Retry-After within five seconds instead of hanging until the database returns, and
 * writes nothing; /readyz's 503 says when to ask again; everything works once it is back.
 * The database is reached through a TCP proxy that the test pauses (holding every byte)
 * and resumes, on the app's own pool settings (`bounded`).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationView } from '../contract/conversations.js';
import { MSG } from '../contract/messages.js';
import { openDatabase } from './db/client.js';
import { messages } from './db/schema/index.js';
import { buildPerformer, type Performer } from '../../test/factories.js';
import { buyPlan, callAs } from '../../test/message-factories.js';
import { createPostgresDatabase } from '../../test/postgres-database.js';
import { buildStudioAccount } from '../../test/studio-factories.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let proxy: TcpProxy;
let dropDatabase: () => Promise<void>;
let performer: Performer;
let convo: ConversationView;

beforeAll(async () => {
  const fresh = await createPostgresDatabase();
  dropDatabase = fresh.drop;
  const real = new URL(fresh.url);
  proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  const viaProxy = new URL(fresh.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  t = await buildTestApp({}, { database: await openDatabase({ kind: 'postgres', url: viaProxy.toString(), poolSize: 4, bounded: true }) });
  const studio = await buildStudioAccount(t, { fname: 'Stall Studio' });
  performer = await buildPerformer(t);
  await buyPlan(t, performer.token);
  convo = (await callAs(t, 'POST', '/api/conversations', performer.token, { with: studio._id })).json() as ConversationView;
}, 60_000);

afterAll(async () => {
  proxy?.resume();
  await t?.close();
  await proxy?.close();
  await dropDatabase?.();
});

const send = (text: string) => callAs(t, 'POST', `/api/conversations/${convo._id}/messages`, performer.token, { text });

describe('when PostgreSQL stalls', () => {
  it('a message answers 503 { msg } with Retry-After within 5 s and is not stored; /readyz says when to ask again; it works once the database is back', async () => {
    expect((await send('before the stall')).statusCode).toBe(201);

    proxy.pause();
    // Were the call to wait for the database, the test gives it back after 8 s rather than hang.
    const giveBack = setTimeout(() => proxy.resume(), 8000);
    try {
      const started = Date.now();
      const stalled = await send('during the stall');
      const ms = Date.now() - started;
      expect(stalled.statusCode).toBe(503);
      expect(ms).toBeLessThan(5000);
      expect(stalled.json()).toMatchObject({ msg: MSG.unavailable });
      expect(Number(stalled.headers['retry-after'])).toBeGreaterThan(0);

      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failing: ['database'] });
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      clearTimeout(giveBack);
      proxy.resume();
    }

    await expect.poll(async () => (await send('after the stall')).statusCode, { timeout: 15_000, interval: 250 }).toBe(201);
    const stored = await t.ctx.db.select({ text: messages.text }).from(messages).where(eq(messages.conversationId, convo._id));
    expect(stored.map((m) => m.text).sort()).toEqual(['after the stall', 'before the stall']);
  });
});
