/**
 * Two instances as separate processes on one PostgreSQL, one S3 bucket (s3rver) and
 * one Redis: any instance can serve any request (docs/product.md §12).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../../test/app-process.js';
import { makeImage, multipart } from '../../test/media-files.js';
import { createPostgresDatabase } from '../../test/postgres-database.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import { codeIn, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { signToken } from './modules/auth/index.js';

const SECRET = 'two-instances-secret-two-instances-secret';
let a: AppProcess;
let b: AppProcess;
let s3: S3StandIn;
let sink: SmtpSink;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createPostgresDatabase();
  dropDatabase = database.drop;
  s3 = await startS3StandIn('audition-two-instances');
  sink = await startSmtpSink();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL!,
    // One prefix for both instances: they share counts, and no earlier run's.
    REDIS_KEY_PREFIX: `audition-test-${Date.now()}:`,
    SMTP_URL: sink.url,
    JWT_SECRET: SECRET,
    SEED_DEMO: '0',
    RATE_LIMIT_SCALE: '1',
    ...s3.env,
  };
  // Started together: migrations take turns under an advisory lock.
  [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  await sink?.close();
  await dropDatabase?.();
});

async function call(app: AppProcess, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(`${app.baseUrl}${path}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body, redirect: 'follow' });
  return res;
}

describe('two instances', () => {
  let token = '';
  const input = { fname: 'two instances', email: `two-${Date.now()}@example.com`, number: '9876543210', password: 'shared state pw' };

  it('signs up on A, verifies on B, and a token from A works on B', async () => {
    expect((await call(a, '/api/audition/web/signup', { method: 'POST', json: input })).status).toBe(200);
    const otp = codeIn(await sink.waitFor(input.email));
    expect((await call(b, '/api/audition/web/verify-otp', { method: 'POST', json: { ...input, otp } })).status).toBe(200);
    const login = await call(a, '/api/audition/login', { method: 'POST', json: { email: input.email, password: input.password } });
    token = ((await login.json()) as { token: string }).token;
    const onB = await call(b, '/api/audition/getUserData', { headers: { 'x-auth-token': token } });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ email: input.email });
  });

  it('serves from B a file uploaded through A', async () => {
    const image = await makeImage('png');
    const body = multipart({ filename: 'shared.png', contentType: 'image/png', body: image });
    const up = await call(a, '/api/storage/images', { method: 'POST', headers: { ...body.headers, 'x-auth-token': token }, body: new Uint8Array(body.payload) });
    expect(up.status).toBe(200);
    const { url } = (await up.json()) as { url: string };
    const served = await call(b, url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const registered = await call(b, '/api/upload/media', { method: 'POST', headers: { 'x-auth-token': token }, json: { mediaType: 'photos', media: url } });
    expect(registered.status).toBe(200);
  });

  it('shares the login rate limit: 10 a minute from one address across both', async () => {
    // One login above already counted on A.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? b : a;
      statuses.push((await call(app, '/api/audition/login', { method: 'POST', json: { email: input.email, password: input.password } })).status);
    }
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(statuses[9]).toBe(429);
  });

  it('lets B’s next poll see a change made through A', async () => {
    const first = await call(b, '/api/audition/getUserData', { headers: { 'x-auth-token': token } });
    const etag = first.headers.get('etag')!;
    expect((await call(b, '/api/audition/getUserData', { headers: { 'x-auth-token': token, 'if-none-match': etag } })).status).toBe(304);
    expect((await call(a, '/api/audition/updateBasicInfo', { method: 'POST', headers: { 'x-auth-token': token }, json: { visibility: 'private' } })).status).toBe(200);
    const next = await call(b, '/api/audition/getUserData', { headers: { 'x-auth-token': token, 'if-none-match': etag } });
    expect(next.status).toBe(200);
    expect(await next.json()).toMatchObject({ visibility: 'private' });
  });
});

describe('two instances, studio side', () => {
  it('lets B’s next poll of the studio list see a studio page edited through A', async () => {
    const input = { fname: 'Two Instance Studio', email: `two-studio-${Date.now()}@example.com`, number: '9876543210', password: 'shared state pw' };
    expect((await call(a, '/api/studio/web/signup', { method: 'POST', json: input })).status).toBe(200);
    const otp = codeIn(await sink.waitFor(input.email));
    const verify = await call(b, '/api/studio/web/verify-otp', { method: 'POST', json: { ...input, otp } });
    const { studioId, _id } = (await verify.json()) as { studioId: string; _id: string };
    // The test above used up this address's logins for the minute: sign the token login would issue.
    const studioToken = await signToken(new TextEncoder().encode(SECRET), _id, 0);
    const first = await call(b, '/api/audition/getAllStudio');
    const etag = first.headers.get('etag')!;
    expect((await call(b, '/api/audition/getAllStudio', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const saved = await call(a, '/api/studio/me', { method: 'POST', headers: { 'x-auth-token': studioToken }, json: { fname: 'Edited On A' } });
    expect(saved.status).toBe(200);
    // The change reaches B through PostgreSQL's notification: poll until it has arrived.
    let next = await call(b, '/api/audition/getAllStudio', { headers: { 'if-none-match': etag } });
    for (let i = 0; i < 50 && next.status === 304; i++) {
      await new Promise((r) => setTimeout(r, 100));
      next = await call(b, '/api/audition/getAllStudio', { headers: { 'if-none-match': etag } });
    }
    expect(next.status).toBe(200);
    expect(await next.json()).toContainEqual(expect.objectContaining({ _id: studioId, fname: 'Edited On A' }));
  });
});

describe('readiness', () => {
  it('names storage when the bucket cannot be reached', async () => {
    const database = await createPostgresDatabase();
    const broken = await startAppProcess({
      DATABASE_URL: database.url,
      JWT_SECRET: 'two-instances-secret-two-instances-secret',
      SEED_DEMO: '0',
      ...s3.env,
      S3_ENDPOINT: 'http://127.0.0.1:9',
    });
    try {
      const res = await fetch(`${broken.baseUrl}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ failing: ['storage'] });
      expect((await fetch(`${a.baseUrl}/readyz`)).status).toBe(200);
    } finally {
      await broken.stop();
      await database.drop();
    }
  });
});
