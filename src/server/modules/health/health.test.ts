import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('operations', () => {
  it('GET /healthz answers while the process lives', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready when the stores answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('every answer carries a request id, and a client\'s own is kept only when it is a UUID', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const uuid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': uuid } });
    expect(given.headers['x-request-id']).toBe(uuid);
    for (const forged of ['abc-123', 'x'.repeat(5000), 'evil\u2028{"level":60}', uuid.slice(1)]) {
      const answer = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': forged } });
      expect(answer.headers['x-request-id']).not.toBe(forged);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('behind a trusted proxy, keeps the proxy\'s plain request ids', async () => {
    const behind = await buildTestApp({ TRUST_PROXY_HOPS: '1' });
    try {
      const id = '0f6b1d2c9e8a7b6c5d4e3f2a1b0c9d8e';
      const res = await behind.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
      const odd = await behind.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'has spaces and "quotes"' } });
      expect(odd.headers['x-request-id']).not.toBe('has spaces and "quotes"');
    } finally {
      await behind.close();
    }
  });

  it('GET /readyz answers 50 probes sent together from one round of checks', async () => {
    await new Promise((r) => setTimeout(r, 1100)); // past the answer an earlier test left
    const ping = t.ctx.database.ping;
    let pings = 0;
    t.ctx.database.ping = async () => {
      pings += 1;
      return ping.call(t.ctx.database);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/readyz' })));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(pings).toBe(1);
    } finally {
      t.ctx.database.ping = ping;
    }
  });

  it('GET /api/docs describes the calls from their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/audition/login']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toContain('/api/audition/getUserData');
  });

  // docs/openapi.json is the committed description: a call whose schema changed without it
  // fails here, and in CI (where vitest writes no snapshot) a missing file fails too. Update
  // it with `npx vitest run --project server src/server/modules/health -u`.
  it('GET /api/docs is the committed docs/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    await expect(`${JSON.stringify(res.json(), null, 2)}\n`).toMatchFileSnapshot('../../../../docs/openapi.json');
  });

  it('answers an unknown API path with 404 { msg }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('msg');
  });
});
