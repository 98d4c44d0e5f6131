/**
 * Logs carry no secrets: the log of a request that fails in the database, and of objects
 * holding passwords, codes and tokens, read back line by line. PGlite, or PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { buildPerformer, newAddress, performerInput } from '../../test/factories.js';
import { openEvents } from '../../test/message-factories.js';
import { tapeUrlChecks } from './lib/tape-url.js';
import { loggedUrl } from './logging.js';

let t: TestApp;
let base = '';
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info', PUBLIC_URL: 'https://audition.example' }, { logStream: { write: (line: string) => lines.push(line) } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
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

  it('logs the mailed reset link opened, and the reset made with it, without the live token', async () => {
    const p = await buildPerformer(t);
    const since = t.sink.messages.length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: p.email }, remoteAddress: newAddress() });
    const mail = await t.sink.waitFor(p.email, { since });
    const link = /https:\/\/audition\.example(\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(mail.text);
    expect(link).not.toBeNull();
    const [, path, token] = link as unknown as [string, string, string];
    const from = lines.length;
    // As the browser opens it, and as an attacker might dress it up (a trailing slash, an encoded name).
    for (const url of [path, path.replace('/reset-password', '/reset-password/'), path.replace('token=', '%74oken=')]) {
      await t.app.inject({ method: 'GET', url, remoteAddress: newAddress() });
    }
    // The page asks whether the link still works before showing the form.
    const check = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token }, remoteAddress: newAddress() });
    expect(check.statusCode).toBe(200);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'my new password 2' }, remoteAddress: newAddress() });
    expect(reset.statusCode).toBe(200);
    const log = lines.slice(from).join('');
    expect(log).toContain('"url":"/reset-password"');
    expect(log).toContain('"url":"/api/auth/reset-password"');
    expect(log).toContain('"url":"/api/auth/reset-password/check"');
    expect(log).not.toContain(token);
  });

  it('logs an events stream opened with a ticket without the ticket', async () => {
    const p = await buildPerformer(t);
    const { ticket } = (await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers: { 'x-auth-token': p.token } })).json() as { ticket: string };
    const from = lines.length;
    const stream = await openEvents(`${base}/api/events?ticket=${ticket}`);
    expect(stream.res.status).toBe(200);
    await stream.close();
    const log = lines.slice(from).join('');
    expect(log).toContain('"url":"/api/events"');
    expect(log).not.toContain(ticket);
  });

  it('logs a signed tape URL opened without its signature', async () => {
    // A signed URL as an answer hands it out (the tape need not exist: the log line is written either way).
    const path = tapeUrlChecks(new TextEncoder().encode('any secret')).url(crypto.randomUUID());
    const sig = new URL(path, 'https://audition.example').searchParams.get('sig')!;
    const from = lines.length;
    for (const sent of [path, path.replace('sig=', 'SIG='), path.replace('sig=', '%73ig=')]) {
      await t.app.inject({ method: 'GET', url: sent, remoteAddress: newAddress() });
    }
    const log = lines.slice(from).join('');
    expect(log).toContain('"url":"/api/tapes/');
    expect(log).not.toContain(sig);
  });

  it('keeps the query string of other URLs', async () => {
    const from = lines.length;
    await t.app.inject({ method: 'GET', url: '/api/jobs?q=dancer&location=Pune' });
    expect(lines.slice(from).join('')).toContain('"url":"/api/jobs?q=dancer&location=Pune"');
  });

  it.each([
    ['/reset-password?token=abc', '/reset-password'],
    ['/RESET-PASSWORD/?x=1&token=abc', '/RESET-PASSWORD/'],
    ['/api/events?ticket=abc', '/api/events'],
    ['/api/tapes/1?expires=9&sig=abc', '/api/tapes/1'],
    ['/anything?TOKEN=abc', '/anything'],
    ['/anything?%74icket=abc', '/anything'],
    ['/anything?q=1&token', '/anything'],
    ['/api/jobs?q=dancer', '/api/jobs?q=dancer'],
    ['/api/jobs', '/api/jobs'],
  ])('writes the URL %s as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
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
