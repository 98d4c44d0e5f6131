/**
 * GET /metrics (docs/operations.md): off without METRICS_TOKEN, refused without the token,
 * and its figures move with the requests the instance answers, labelled by route pattern.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { openEvents } from '../../../../test/message-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

const TOKEN = 'metrics-token-for-the-test-0123';
let on: TestApp;
let off: TestApp;

beforeAll(async () => {
  [on, off] = await Promise.all([buildTestApp({ METRICS_TOKEN: TOKEN }), buildTestApp()]);
});
afterAll(async () => {
  await Promise.all([on.close(), off.close()]);
});

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {}, remoteAddress: newAddress() });

/** The value of one sample line, `name{labels} value`, or undefined when it is absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`) || l.startsWith(`${name}{${labels},`));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describe('GET /metrics', () => {
  it('is not there when no token is set', async () => {
    const res = await scrape(off, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it.for([
    ['no header', undefined],
    ['a wrong token', 'Bearer metrics-token-for-the-test-0124'],
    ['the token without Bearer', TOKEN],
  ] as const)('refuses %s with 401 and says how to send it', async ([, authorization]) => {
    const res = await scrape(on, authorization);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ msg: 'Send the metrics token as Authorization: Bearer <token>.', code: 'unauthorized' });
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('counts each answer under its route pattern and status, never the raw address', async () => {
    const before = (await scrape(on, `Bearer ${TOKEN}`)).body;
    const count = (text: string) => sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/jobs/:id",status_code="404"') ?? 0;
    const id = randomUUID();
    for (let i = 0; i < 3; i++) {
      expect((await on.app.inject({ method: 'GET', url: `/api/jobs/${id}`, remoteAddress: newAddress() })).statusCode).toBe(404);
    }
    const res = await scrape(on, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(count(res.body) - count(before)).toBe(3);
    expect(res.body).not.toContain(id);
  });

  it("says the process's memory, the event loop's delay, the stores and, on PostgreSQL, the pool", async () => {
    const { body } = await scrape(on, `Bearer ${TOKEN}`);
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(body).toMatch(/^event_loop_delay_p99_seconds [\d.e-]+/m);
    expect(sample(body, 'redis_connected', 'store="events"')).toBe(1);
    expect(body).toMatch(/^event_streams_open 0/m);
    if (on.ctx.database.engine === 'postgres') expect(sample(body, 'db_pool_connections', 'state="total"')).toBeGreaterThan(0);
    else expect(body).not.toMatch(/^db_pool_connections\{/m);
  });

  it('counts the event streams open on the instance', async () => {
    const base = await on.app.listen({ port: 0, host: '127.0.0.1' });
    const p = await buildPerformer(on);
    const open = async () => Number(/^event_streams_open (\d+)/m.exec((await scrape(on, `Bearer ${TOKEN}`)).body)?.[1]);
    const stream = await openEvents(`${base}/api/events`, { 'x-auth-token': p.token });
    await expect.poll(open).toBe(1);
    await stream.close();
    await expect.poll(open).toBe(0);
  });
});
