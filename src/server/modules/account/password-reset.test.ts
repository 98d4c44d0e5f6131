/** POST /api/auth/forgot-password and /api/auth/reset-password, through the real app and the SMTP sink. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { passwordResets } from '../../db/schema/index.js';
import type { ReceivedMail } from '../../../../test/smtp-sink.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { hashLinkToken } from '../../lib/link-token.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
const forgot = (email: string, remoteAddress = newAddress()) => post('/api/auth/forgot-password', { email }, {}, remoteAddress);
const reset = (token: string, password: string) => post('/api/auth/reset-password', { token, password });
const check = (token: unknown, remoteAddress = newAddress()) => post('/api/auth/reset-password/check', { token }, {}, remoteAddress);
const login = (email: string, password: string) => post('/api/audition/login', { email, password });
const getUserData = (token: string) => t.app.inject({ method: 'GET', url: '/api/audition/getUserData', headers: { 'x-auth-token': token } });

function tokenIn(mail: ReceivedMail): string {
  const match = /https:\/\/audition\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in mail: ${mail.text}`);
  return match[1]!;
}

async function linkFor(p: Performer): Promise<string> {
  const since = t.sink.messages.length;
  expect((await forgot(p.email)).statusCode).toBe(200);
  return tokenIn(await t.sink.waitFor(p.email, { since }));
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a link on PUBLIC_URL that names its 30 minutes, and stores only its hash', async () => {
    const p = await buildPerformer(t);
    const since = t.sink.messages.length;
    const res = await forgot(p.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.forgotPasswordSent });
    const mail = await t.sink.waitFor(p.email, { since });
    expect(mail.text).toMatch(/30 minutes/);
    const token = tokenIn(mail);
    expect(mail.html).toContain(token);
    const rows = await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, p._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
  });

  it('answers an unknown e-mail exactly as a known one, and mails nobody', async () => {
    const p = await buildPerformer(t);
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await forgot(p.email);
    const since = t.sink.messages.length;
    const stranger = await forgot(unknown);
    const strip = (h: Record<string, unknown>) => {
      const { date: _d, 'x-request-id': _r, ...rest } = h;
      return rest;
    };
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.body).toBe(known.body);
    expect(strip(stranger.headers)).toEqual(strip(known.headers));
    await new Promise((r) => setTimeout(r, 300));
    expect(t.sink.messages.slice(since).filter((m) => m.to === unknown)).toHaveLength(0);
  });

  it('refuses a malformed e-mail with 400 { msg } and mails nothing', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 5 }]) {
      const res = await post('/api/auth/forgot-password', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('msg');
    }
  });

  it('limits links per e-mail (from many addresses) and per address (for many e-mails) with 429', async () => {
    const p = await buildPerformer(t);
    // Sent together: each answer takes its 300 ms floor, and 25 of them one after another were
    // 7 s of this file; the count is the same whichever of them comes first.
    const perEmail = (await Promise.all(Array.from({ length: 4 }, () => forgot(p.email)))).map((r) => r.statusCode);
    expect(perEmail.sort()).toEqual([200, 200, 200, 429]);
    const address = newAddress();
    const perAddress = (await Promise.all(Array.from({ length: 21 }, (_, i) => forgot(`someone-${i}-${Date.now()}@example.com`, address)))).map((r) => r.statusCode);
    expect(perAddress.sort()).toEqual([...Array<number>(20).fill(200), 429]);
    const refused = await forgot('another@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ msg: MSG.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the password once: the old one and every old session stop working, the link dies', async () => {
    const p = await buildPerformer(t);
    const other = (await login(p.email, p.password)).json() as { token: string };
    // Both sessions in use (and remembered by the auth hook) before the reset.
    expect((await getUserData(p.token)).statusCode).toBe(200);
    expect((await getUserData(other.token)).statusCode).toBe(200);
    const token = await linkFor(p);
    const res = await reset(token, 'a fresh new password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.passwordReset });
    expect((await getUserData(p.token)).statusCode).toBe(401);
    expect((await getUserData(other.token)).statusCode).toBe(401);
    expect((await login(p.email, p.password)).statusCode).toBe(400);
    expect((await login(p.email, 'a fresh new password')).statusCode).toBe(200);
    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ msg: MSG.resetLinkInvalid });
    expect((await login(p.email, 'a fresh new password')).statusCode).toBe(200);
  });

  it('refuses a link older than 30 minutes and keeps the password', async () => {
    const p = await buildPerformer(t);
    const token = await linkFor(p);
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashLinkToken(token)));
    const res = await reset(token, 'a fresh new password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.resetLinkInvalid });
    expect((await login(p.email, p.password)).statusCode).toBe(200);
    expect((await getUserData(p.token)).statusCode).toBe(200);
  });

  it('only the newest link works', async () => {
    const p = await buildPerformer(t);
    const first = await linkFor(p);
    const second = await linkFor(p);
    expect((await reset(first, 'a fresh new password')).statusCode).toBe(400);
    expect((await reset(second, 'a fresh new password')).statusCode).toBe(200);
  });

  it('of two resets racing with one link, exactly one wins', async () => {
    const p = await buildPerformer(t);
    const token = await linkFor(p);
    const [a, b] = await Promise.all([reset(token, 'password number one'), reset(token, 'password number two')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it.each([
    ['an unknown token', { token: 'x'.repeat(43), password: 'long enough password' }, 400, MSG.resetLinkInvalid],
    ['no token', { password: 'long enough password' }, 400, MSG.resetLinkInvalid],
    ['a short password', { token: 'x'.repeat(43), password: 'short' }, 400, MSG.passwordTooShort],
    ['an over-long token', { token: 'x'.repeat(500), password: 'long enough password' }, 400, MSG.resetLinkInvalid],
  ])('refuses %s with 400 { msg }', async (_case, body, status, msg) => {
    const res = await post('/api/auth/reset-password', body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ msg });
  });

  it('a short new password leaves the link usable', async () => {
    const p = await buildPerformer(t);
    const token = await linkFor(p);
    expect((await reset(token, 'short')).statusCode).toBe(400);
    expect((await reset(token, 'long enough password')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password/check', () => {
  it('says a live link works without using it: the link still sets the password afterwards', async () => {
    const p = await buildPerformer(t);
    const token = await linkFor(p);
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: MSG.resetLinkLive });
    }
    const [row] = await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashLinkToken(token)));
    expect(row!.usedAt).toBeNull();
    expect((await reset(token, 'a fresh new password')).statusCode).toBe(200);
    expect((await login(p.email, 'a fresh new password')).statusCode).toBe(200);
  });

  it('says a used, an expired, a retired and an unknown link are dead, with 400 { msg }', async () => {
    const p = await buildPerformer(t);
    const used = await linkFor(p);
    expect((await reset(used, 'a fresh new password')).statusCode).toBe(200);
    const retired = await linkFor(p);
    const expired = await linkFor(p);
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashLinkToken(expired)));
    for (const token of [used, retired, expired, 'x'.repeat(43), '', 'x'.repeat(500), 5, null]) {
      const res = await check(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.resetLinkInvalid });
    }
    // Nothing changed: the password is the one set with the used link.
    expect((await login(p.email, 'a fresh new password')).statusCode).toBe(200);
  });

  it('limits checks per address like resets, with 429, on a count of its own', async () => {
    const p = await buildPerformer(t);
    const token = await linkFor(p);
    const address = newAddress();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await check('x'.repeat(43), address)).statusCode);
    expect(answers.every((s) => s === 400)).toBe(true);
    const refused = await check(token, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ msg: MSG.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The reset from the same address is not spent by the checks.
    const res = await post('/api/auth/reset-password', { token, password: 'a fresh new password' }, {}, address);
    expect(res.statusCode).toBe(200);
  });
});
