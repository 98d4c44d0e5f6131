import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { pendingSignups, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, performerInput, signUpAndVerify } from '../../../../test/factories.js';
import { codeIn } from '../../../../test/smtp-sink.js';
import { authCalls } from '../../../../test/auth-calls.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const { post, signup, verify, login } = authCalls(() => t);


async function codeFor(email: string, since: number) {
  return codeIn(await t.sink.waitFor(email, { since }));
}

describe('POST /api/audition/web/signup', () => {
  it('mails a 4-digit code with a subject naming the product, text and HTML, and its lifetime', async () => {
    const input = performerInput();
    const since = t.sink.messages.length;
    const res = await signup(input);
    expect(res.statusCode).toBe(200);
    const mail = await t.sink.waitFor(input.email, { since });
    expect(mail.subject).toMatch(/Audition/);
    expect(mail.text).toMatch(/10 minutes/);
    expect(mail.html).toMatch(/10 minutes/);
    const code = codeIn(mail);
    expect(mail.html).toContain(code);
    expect(res.body).not.toContain(code);
    const [row] = await t.ctx.db.select().from(pendingSignups).where(eq(pendingSignups.email, input.email));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lowercases and trims the name and e-mail, trims the phone', async () => {
    const input = performerInput();
    const res = await signup({ ...input, fname: '  Jane DOE ', email: `  ${input.email.toUpperCase()} `, number: ' 12345678 ' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(pendingSignups).where(eq(pendingSignups.email, input.email));
    expect(row).toMatchObject({ fname: 'jane doe', number: '12345678' });
  });

  it.each([
    ['a missing field', { fname: 'a', email: 'a@b.co', number: '123456' }, MSG.fillAllFields],
    ['an empty field', { fname: ' ', email: 'a@b.co', number: '123456', password: 'longenough' }, MSG.fillAllFields],
    ['a wrong type', { fname: 'a', email: 'a@b.co', number: 123456, password: 'longenough' }, MSG.fillAllFields],
    ['a short password', { fname: 'a', email: 'a@b.co', number: '123456', password: 'short' }, MSG.passwordTooShort],
    ['an invalid e-mail', { fname: 'a', email: 'not-an-email', number: '123456', password: 'longenough' }, MSG.invalidEmail],
    ['four emoji as a password (issue 49, item 19)', { fname: 'a', email: 'a@b.co', number: '123456', password: '😀😀😀😀' }, MSG.passwordTooShort],
    ['a 2-digit phone (issue 49, item 16)', { fname: 'a', email: 'a@b.co', number: '12', password: 'longenough' }, MSG.phoneTooShort(6)],
    ['letters in the phone', { fname: 'a', email: 'a@b.co', number: '12ab56', password: 'longenough' }, MSG.invalidPhone],
    ['an over-long name', { fname: 'x'.repeat(10_000), email: 'a@b.co', number: '123456', password: 'longenough' }, MSG.tooLong('Fullname', 100)],
    ['an array body', [1, 2], MSG.fillAllFields],
  ])('refuses %s with 400 and stores nothing', async (_case, body, msg) => {
    const before = await t.ctx.db.$count(pendingSignups);
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg });
    expect(await t.ctx.db.$count(pendingSignups)).toBe(before);
  });

  it('refuses malformed JSON with 400 { msg }', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/audition/web/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"fname": "a",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.invalidBody });
  });

  it('refuses a body over 1 MB with 413 { msg }', async () => {
    const res = await signup({ ...performerInput(), fname: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ msg: MSG.bodyTooLarge });
  });

  it('ignores unknown fields and never stores them', async () => {
    const input = performerInput();
    const res = await signup({ ...input, isAdmin: true, tokenVersion: 99 });
    expect(res.statusCode).toBe(200);
    const otp = await codeFor(input.email, 0);
    const verified = await verify({ ...input, otp, subscriptionName: 'Platinum' });
    expect(verified.statusCode).toBe(200);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({ tokenVersion: 0, subscriptionName: '' });
  });

  it('sends a new code at most once a minute per e-mail (429 with Retry-After)', async () => {
    const input = performerInput();
    expect((await signup(input)).statusCode).toBe(200);
    const again = await signup(input);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ msg: MSG.otpResendTooSoon });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('replaces the old code when a new one is sent after a minute', async () => {
    const input = performerInput();
    await signup(input);
    const oldCode = await codeFor(input.email, 0);
    await t.ctx.db.update(pendingSignups).set({ sentAt: new Date(Date.now() - 61_000) }).where(eq(pendingSignups.email, input.email));
    const since = t.sink.messages.length;
    expect((await signup(input)).statusCode).toBe(200);
    const newCode = await codeFor(input.email, since);
    if (newCode !== oldCode) {
      expect((await verify({ ...input, otp: oldCode })).statusCode).toBe(400);
    }
    expect((await verify({ ...input, otp: newCode })).json()).toMatchObject({ created: 'create' });
  });

  it('answers 429 after 10 sign-ups an hour from one address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await post('/api/audition/web/signup', performerInput(), address)).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers 502 and keeps nothing when the mail cannot be sent', async () => {
    const broken = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      broken.ctx.mailer = (await import('../../adapters/mail/mailer.js')).createSmtpMailer('smtp://127.0.0.1:1', 'x@y.z');
      const res = await broken.app.inject({ method: 'POST', url: '/api/audition/web/signup', payload: performerInput() });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ msg: MSG.mailFailed });
      expect(await broken.ctx.db.$count(pendingSignups)).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('POST /api/audition/web/verify-otp', () => {
  it('creates the account with the right code and answers created: create with its _id', async () => {
    const { input, answer } = await signUpAndVerify(t);
    expect(answer.created).toBe('create');
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(user?.id).toBe(answer._id);
    expect(JSON.stringify(answer)).not.toMatch(/argon2|password/i);
  });

  it('refuses a wrong code with 400 and creates nothing', async () => {
    const input = performerInput();
    await signup(input);
    const otp = await codeFor(input.email, 0);
    const wrong = otp === '0000' ? '1111' : '0000';
    const res = await verify({ ...input, otp: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.otpWrong });
    expect(await t.ctx.db.$count(users, eq(users.email, input.email))).toBe(0);
  });

  it.each([['123'], ['12345'], ['12a4'], [1234]])('refuses the code %j: it has exactly 4 digits', async (otp) => {
    const res = await verify({ ...performerInput(), otp });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.otpFormat });
  });

  it('refuses the sixth try even with the right code', async () => {
    const input = performerInput();
    await signup(input);
    const otp = await codeFor(input.email, 0);
    const wrong = otp === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) expect((await verify({ ...input, otp: wrong })).statusCode).toBe(400);
    const sixth = await verify({ ...input, otp });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({ msg: MSG.otpTooManyTries });
    expect(await t.ctx.db.$count(users, eq(users.email, input.email))).toBe(0);
  });

  it('refuses an expired code', async () => {
    const input = performerInput();
    await signup(input);
    const otp = await codeFor(input.email, 0);
    await t.ctx.db.update(pendingSignups).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(pendingSignups.email, input.email));
    const res = await verify({ ...input, otp });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.otpExpired });
  });

  it('answers exist for a verified e-mail, keeping the old password working and the new one failing', async () => {
    const first = await buildPerformer(t);
    const since = t.sink.messages.length;
    const again = { fname: 'someone else', email: first.email, number: '111111', password: 'a brand new password' };
    expect((await signup(again)).statusCode).toBe(200);
    const otp = await codeFor(first.email, since);
    const res = await verify({ ...again, otp });
    expect(res.json()).toEqual({ created: 'exist', _id: first._id });
    expect((await login({ email: first.email, password: first.password })).statusCode).toBe(200);
    expect((await login({ email: first.email, password: again.password })).statusCode).toBe(400);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, first.email));
    expect(user?.fname).toBe(first.fname);
  });
});

describe('POST /api/audition/login', () => {
  it('answers a token and the _id', async () => {
    const p = await buildPerformer(t);
    const res = await login({ email: `  ${p.email.toUpperCase()} `, password: p.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), _id: p._id, role: 'performer' });
  });

  it.each([
    ['a wrong password', (p: { email: string }) => ({ email: p.email, password: 'not the password' })],
    ['an unknown e-mail', () => ({ email: 'nobody@example.com', password: 'whatever123' })],
  ])('refuses %s with the same 400 message', async (_case, body) => {
    const p = await buildPerformer(t);
    const res = await login(body(p));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.wrongCredentials });
  });

  it('refuses missing fields', async () => {
    const res = await login({ email: 'a@b.co' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.fillAllFields });
  });

  it('answers 429 after 10 logins a minute from one address', async () => {
    const p = await buildPerformer(t);
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/audition/login', { email: p.email, password: p.password }, address)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('locks an e-mail after 30 wrong passwords an hour, even from many addresses', async () => {
    const p = await buildPerformer(t);
    for (let i = 0; i < 30; i++) {
      expect((await post('/api/audition/login', { email: p.email, password: 'wrong password!' }, newAddress())).statusCode).toBe(400);
    }
    const res = await post('/api/audition/login', { email: p.email, password: p.password }, newAddress());
    expect(res.statusCode).toBe(429);
  });
});

describe('the auth hook (x-auth-token)', () => {
  const getUserData = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/audition/getUserData', headers: token === undefined ? {} : { 'x-auth-token': token } });

  it('lets a fresh token through', async () => {
    const p = await buildPerformer(t);
    expect((await getUserData(p.token)).statusCode).toBe(200);
  });

  it('refuses a missing or malformed token with 401 { msg }', async () => {
    for (const token of [undefined, '', 'not-a-jwt', 'a.b.c']) {
      const res = await getUserData(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ msg: MSG.unauthorized });
    }
  });

  it('refuses a token signed with another key', async () => {
    const p = await buildPerformer(t);
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(p._id)
      .setIssuer('audition')
      .setAudience('audition-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-key-another-key-another-key-1234'));
    expect((await getUserData(forged)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const p = await buildPerformer(t);
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(p._id)
      .setIssuer('audition')
      .setAudience('audition-web')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(t.ctx.config.jwtSecret);
    expect((await getUserData(expired)).statusCode).toBe(401);
  });

  it("refuses a token with alg 'none'", async () => {
    const p = await buildPerformer(t);
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: p._id, ver: 0, iss: 'audition', aud: 'audition-web', exp: now + 3600 })}.`;
    expect((await getUserData(unsigned)).statusCode).toBe(401);
  });

  it('refuses a token revoked by a new token version', async () => {
    const p = await buildPerformer(t);
    await t.ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, p._id));
    expect((await getUserData(p.token)).statusCode).toBe(401);
  });
});
