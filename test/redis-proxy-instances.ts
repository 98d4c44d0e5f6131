/**
 * Two in-process apps on one fresh PostgreSQL database that reach Redis through a TCP proxy
 * the test can cut, pause and restore (the machine's Redis itself is never stopped), each
 * listening on a port; and a performer with a plan in a conversation with a studio, for
 * the live events the outage tests send.
 */
import type { ConversationView } from '../src/contract/conversations.js';
import { openDatabase } from '../src/server/db/client.js';
import { buildPerformer, type Performer } from './factories.js';
import { buyPlan, callAs } from './message-factories.js';
import { createPostgresDatabase } from './postgres-database.js';
import { buildStudioAccount, type StudioAccount } from './studio-factories.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { buildTestApp, type TestApp } from './test-app.js';

export interface RedisProxyInstances {
  a: TestApp;
  b: TestApp;
  baseA: string;
  baseB: string;
  proxy: TcpProxy;
  performer: Performer;
  studio: StudioAccount;
  convo: ConversationView;
  close(): Promise<void>;
}

/** Starts both; `name` keeps this test's Redis keys apart from other runs'. */
export async function startRedisProxyInstances(name: string): Promise<RedisProxyInstances> {
  const database = await createPostgresDatabase();
  const redis = new URL(process.env.REDIS_URL!);
  const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  const viaProxy = new URL(redis);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const env = { REDIS_URL: viaProxy.toString(), REDIS_KEY_PREFIX: `audition-test-${name}-${Date.now()}:` };
  const open = () => openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  const a = await buildTestApp(env, { database: await open() });
  const b = await buildTestApp(env, { database: await open() });
  const baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const [performer, studio] = await Promise.all([buildPerformer(a), buildStudioAccount(a, { fname: 'Outage Studio' })]);
  await buyPlan(a, performer.token);
  const convo = (await callAs(a, 'POST', '/api/conversations', performer.token, { with: studio._id })).json() as ConversationView;
  for (let i = 0; i < 100 && !(a.ctx.events.ready && b.ctx.events.ready); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    a,
    b,
    baseA,
    baseB,
    proxy,
    performer,
    studio,
    convo,
    async close() {
      proxy.resume();
      await proxy.restore().catch(() => {});
      await a.close();
      await b.close();
      await proxy.close();
      await database.drop();
    },
  };
}
