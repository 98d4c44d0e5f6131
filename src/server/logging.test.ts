/**
 * Logs carry no secrets: the log of a request that fails in the database, and of objects
 * holding passwords, codes and tokens, read back line by line. PGlite, or PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { newAddress, performerInput } from '../../test/factories.js';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => lines.push(line) } });
  // A way to make the database refuse one sign-up's insert, with every bound value in the error.
  await t.ctx.db.execute(sql`alter table pending_signups add constraint refuse_one check (fname <> 'refused by the database')`);
});
afterAll(async () => {
  await t?.close();
});

describe('the log', () => {
  it('writes a failed query without its bound values: no password hash, code HMAC or e-mail', async () => {
    const input = performerInput({ fname: 'refused by the database', password: 'my secret password 1' });
    const from = lines.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/audition/web/signup', payload: input, remoteAddress: newAddress() });
    expect(res.statusCode).toBe(500);
    const log = lines.slice(from).join('');
    expect(log).toMatch(/Failed query: insert into \\"pending_signups/);
    expect(log).toContain(res.headers['x-request-id'] as string);
    expect(log).not.toContain('$argon2id$');
    expect(log).not.toMatch(/[0-9a-f]{64}/);
    expect(log).not.toContain(input.email);
    expect(log).not.toContain(input.password);
    expect(log).not.toMatch(/params:|Failing row/);
  });

  it("puts the request's id on every line the request writes, and on no other line", async () => {
    const from = lines.length;
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    t.app.log.info('not a request');
    const written = lines.slice(from).map((line) => JSON.parse(line) as { msg: string; reqId?: string });
    expect(written.map((line) => line.msg)).toEqual(['incoming request', 'request completed', 'not a request']);
    expect(written.map((line) => line.reqId)).toEqual([res.headers['x-request-id'], res.headers['x-request-id'], undefined]);
  });

  it('blanks passwords, codes, tickets and token headers wherever they appear', () => {
    const from = lines.length;
    t.app.log.info(
      {
        password: 'p1-secret',
        body: { password: 'p2-secret', otp: '4821', ticket: 't1-secret' },
        req: { headers: { authorization: 'Bearer a-secret', 'x-auth-token': 'x-secret' } },
        headers: { 'x-auth-token': 'y-secret' },
        nested: { deeper: { otp: '9173' } },
      },
      'secrets inside',
    );
    const log = lines.slice(from).join('');
    expect(log).toContain('secrets inside');
    for (const secret of ['p1-secret', 'p2-secret', '4821', 't1-secret', 'a-secret', 'x-secret', 'y-secret', '9173']) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('[redacted]');
  });
});
