/**
 * Two app processes on one fresh PostgreSQL database, one Redis prefix and one SMTP sink,
 * for the services suite's tests of what must hold across instances; and accounts made
 * through both (signed up on one, verified on the other).
 */
import { startAppProcess, type AppProcess } from './app-process.js';
import { performerInput } from './factories.js';
import { createPostgresDatabase } from './postgres-database.js';
import { codeIn, startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { openDatabase, type Database } from '../src/server/db/client.js';

export interface TwoInstances {
  a: AppProcess;
  b: AppProcess;
  sink: SmtpSink;
  /** The same database, for arranging rows and reading what the instances wrote. */
  database: Database;
  /** Stops B and starts it again with the same settings (`b` is then the new process). */
  restartB(): Promise<AppProcess>;
  stop(): Promise<void>;
}

/** Starts both; `name` keeps this test's Redis keys apart from other runs'. */
export async function startTwoInstances(name: string, env: Record<string, string> = {}): Promise<TwoInstances> {
  const fresh = await createPostgresDatabase();
  const sink = await startSmtpSink();
  const shared = {
    DATABASE_URL: fresh.url,
    REDIS_URL: process.env.REDIS_URL!,
    // One prefix for both instances: they share counts, and no earlier run's.
    REDIS_KEY_PREFIX: `audition-test-${name}-${Date.now()}:`,
    SMTP_URL: sink.url,
    JWT_SECRET: `${name}-secret-0123456789-0123456789`,
    SEED_DEMO: '0',
    ...env,
  };
  const [a, b] = await Promise.all([startAppProcess(shared), startAppProcess(shared)]);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 2 }, { migrate: false });
  const two: TwoInstances = {
    a,
    b,
    sink,
    database,
    async restartB() {
      await two.b.stop();
      two.b = await startAppProcess(shared);
      return two.b;
    },
    async stop() {
      await Promise.all([two.a.stop(), two.b.stop()]);
      await database.close();
      await sink.close();
      await fresh.drop();
    },
  };
  return two;
}

/** A JSON call to one instance: GET without a body, POST with one. */
export async function callInstance(app: AppProcess, path: string, json?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['x-auth-token'] = token;
  return fetch(`${app.baseUrl}${path}`, { method: json === undefined ? 'GET' : 'POST', headers, body: json === undefined ? undefined : JSON.stringify(json) });
}

/** Signs up (performer or studio) on `a`, answers the mailed code on `b`, logs in on `a`. */
export async function accountOn(two: TwoInstances, kind: 'audition' | 'studio', fname: string) {
  const { a, b, sink } = two;
  const input = performerInput({ fname });
  const signup = await callInstance(a, `/api/${kind}/web/signup`, input);
  if (signup.status !== 200) throw new Error(`signup answered ${signup.status}`);
  const otp = codeIn(await sink.waitFor(input.email));
  const verified = await callInstance(b, `/api/${kind}/web/verify-otp`, { ...input, otp });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}`);
  const { studioId } = (await verified.json()) as { studioId?: string };
  const login = await callInstance(a, '/api/audition/login', { email: input.email, password: input.password });
  const { token, _id } = (await login.json()) as { token: string; _id: string };
  return { ...input, token, _id, studioId: studioId ?? '' };
}
