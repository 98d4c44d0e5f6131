/** The code flow's way on (docs/security.md "The code flow"): 429s that say when, a new code, login before confirming. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { pendingSignups, studios, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, performerInput } from '../../../../test/factories.js';
import { codeIn } from '../../../../test/smtp-sink.js';
import { authCalls } from '../../../../test/auth-calls.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const { post, signup, verify, login, resend } = authCalls(() => t);
const ageCode = (email: string, seconds: number) =>
  t.ctx.db.update(pendingSignups).set({ sentAt: new Date(Date.now() - seconds * 1000) }).where(eq(pendingSignups.email, email));

describe('a 429 says when to try again', () => {
  it('a second sign-up within the minute answers otp_resend_too_soon with Retry-After and the same seconds in the body', async () => {
    const input = performerInput();
    expect((await signup(input)).statusCode).toBe(200);
    const again = await signup(input);
    expect(again.statusCode).toBe(429);
    const body = again.json();
    expect(body).toMatchObject({ msg: MSG.otpResendTooSoon, code: 'otp_resend_too_soon' });
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(Number(again.headers['retry-after'])).toBe(body.retryAfter);
  });

  it('a limit on an address answers too_many_requests with Retry-After and retryAfter', async () => {
    const address = newAddress();
    let last;
    for (let i = 0; i < 11; i++) last = await post('/api/audition/web/signup', performerInput(), address);
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ msg: MSG.tooManyRequests, code: 'too_many_requests', retryAfter: expect.any(Number) });
    expect(Number(last!.headers['retry-after'])).toBe(last!.json().retryAfter);
  });
});

describe('login before the code was entered', () => {
  it('with the sign-up password says "confirm your e-mail first" (403 email_unconfirmed), changing nothing', async () => {
    const input = performerInput();
    await signup(input);
    const res = await login({ email: input.email, password: input.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: MSG.confirmEmailFirst, code: 'email_unconfirmed' });
    expect(await t.ctx.db.$count(pendingSignups, eq(pendingSignups.email, input.email))).toBe(1);
  });

  it('with another password answers the usual wrong credentials, revealing nothing', async () => {
    const input = performerInput();
    await signup(input);
    const res = await login({ email: input.email, password: 'not the sign-up password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.wrongCredentials, code: 'wrong_credentials' });
  });

  it('resend-otp with the password mails a new code after the minute and answers the sign-up to finish it', async () => {
    const input = performerInput({ fname: 'pending person' });
    await signup(input);
    await ageCode(input.email, 61);
    const since = t.sink.messages.length;
    const res = await resend({ email: input.email, password: input.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.codeSent, fname: 'pending person', number: input.number, role: 'performer', sent: true, resendIn: 60 });
    const code = codeIn(await t.sink.waitFor(input.email, { since }));
    const verified = await verify({ ...input, otp: code });
    expect(verified.json()).toMatchObject({ created: 'create' });
    expect((await login({ email: input.email, password: input.password })).statusCode).toBe(200);
  });

  it('resend-otp within the minute sends nothing and answers the wait; with a wrong password or no sign-up, wrong credentials', async () => {
    const input = performerInput();
    await signup(input);
    const since = t.sink.messages.length;
    const soon = await resend({ email: input.email, password: input.password });
    expect(soon.statusCode).toBe(200);
    expect(soon.json()).toMatchObject({ msg: MSG.otpResendTooSoon, sent: false, resendIn: expect.any(Number) });
    expect(soon.json().resendIn).toBeGreaterThan(0);
    expect(t.sink.messages.length).toBe(since);
    const wrong = await resend({ email: input.email, password: 'some other password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ msg: MSG.wrongCredentials });
    const nobody = await resend({ email: performerInput().email, password: 'whatever password' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ msg: MSG.wrongCredentials });
  });

  it('resend-otp for an account that exists answers wrong credentials and mails nothing', async () => {
    const performer = await buildPerformer(t);
    const since = t.sink.messages.length;
    const res = await resend({ email: performer.email, password: performer.password });
    expect(res.statusCode).toBe(400);
    expect(t.sink.messages.slice(since).some((m) => m.to.includes(performer.email))).toBe(false);
  });
});

describe('signing up again with the e-mail of an account', () => {
  it('answers exist and keeps the old password: the new one does not log in', async () => {
    const performer = await buildPerformer(t);
    const again = { fname: 'someone else', email: performer.email, number: '999999', password: 'a brand new password' };
    const since = t.sink.messages.length;
    expect((await signup(again)).statusCode).toBe(200);
    const code = codeIn(await t.sink.waitFor(performer.email, { since }));
    expect((await verify({ ...again, otp: code })).json()).toMatchObject({ created: 'exist', _id: performer._id });
    expect((await login({ email: performer.email, password: again.password })).statusCode).toBe(400);
    expect((await login({ email: performer.email, password: performer.password })).statusCode).toBe(200);
  });
});

describe('a sign-up sent again with corrected details (issue 49 item 7)', () => {
  for (const kind of ['audition', 'studio'] as const) {
    it(`${kind}: the right code creates the account with the details typed last, within the minute and after it`, async () => {
      const first = performerInput();
      const call = (step: string, payload: unknown) => post(`/api/${kind}/web/${step}`, payload);
      const since = t.sink.messages.length;
      expect((await call('signup', first)).statusCode).toBe(200);
      await t.sink.waitFor(first.email, { since });
      // Corrected within the minute: the code already sent stays good (429), the page reopens its dialog.
      const within = { ...first, fname: `${first.fname} corrected`, number: '9123456780' };
      expect((await call('signup', within)).json()).toMatchObject({ code: 'otp_resend_too_soon' });
      // Corrected again after the minute, password too: a new code.
      await ageCode(first.email, 61);
      const corrected = { ...within, password: 'a corrected password 2' };
      const before = t.sink.messages.length;
      expect((await call('signup', corrected)).statusCode).toBe(200);
      const code = codeIn(await t.sink.waitFor(first.email, { since: before }));
      const verified = await call('verify-otp', { ...corrected, otp: code });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ created: 'create' });
      const [user] = await t.ctx.db.select().from(users).where(eq(users.email, first.email));
      expect(user).toMatchObject({ fname: corrected.fname, number: corrected.number, role: kind === 'studio' ? 'studio' : 'performer' });
      if (kind === 'studio') expect((await t.ctx.db.select().from(studios).where(eq(studios.ownerId, user!.id)))[0]).toMatchObject({ fname: corrected.fname, number: corrected.number });
      expect((await login({ email: first.email, password: corrected.password })).statusCode).toBe(200);
      expect((await login({ email: first.email, password: first.password })).statusCode).toBe(400);
    });
  }
});

describe('a dead code tells its state', () => {
  it('answers otp_expired after the code expired and otp_dead after 5 wrong tries', async () => {
    const input = performerInput();
    const since = t.sink.messages.length;
    await signup(input);
    const code = codeIn(await t.sink.waitFor(input.email, { since }));
    const wrong = code === '0000' ? '1111' : '0000';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await verify({ ...input, otp: wrong })).json().code);
    expect(codes).toEqual(['otp_wrong', 'otp_wrong', 'otp_wrong', 'otp_wrong', 'otp_dead']);
    expect((await verify({ ...input, otp: code })).json()).toMatchObject({ code: 'otp_dead' });

    const other = performerInput();
    await signup(other);
    await t.ctx.db.update(pendingSignups).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(pendingSignups.email, other.email));
    expect((await verify({ ...other, otp: '1234' })).json()).toMatchObject({ code: 'otp_expired', msg: MSG.otpExpired });
  });
});
