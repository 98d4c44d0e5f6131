/**
 * The attacks of docs/security.md on sign-up, codes and login, performed through the real
 * app: auth-attacks.test.ts runs them with the in-process limiter (PGlite or PostgreSQL),
 * auth-attacks.redis.test.ts with the limits in Redis.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { pendingSignups, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, performerInput } from '../../../../test/factories.js';
import { codeIn } from '../../../../test/smtp-sink.js';

export function authAttackSuite(env: () => Record<string, string>) {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(env());
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, remoteAddress = newAddress()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const signup = (payload: unknown, address?: string) => post('/api/audition/web/signup', payload, address);
  const verify = (payload: unknown, address?: string) => post('/api/audition/web/verify-otp', payload, address);
  const login = (payload: unknown, address?: string) => post('/api/audition/login', payload, address);
  const lastCode = async (email: string, since: number) => codeIn(await t.sink.waitFor(email, { since }));
  /** As if the last code had been sent more than a minute ago, so a new one may be asked for. */
  const aMinuteLater = (email: string) =>
    t.ctx.db.update(pendingSignups).set({ sentAt: new Date(Date.now() - 61_000) }).where(eq(pendingSignups.email, email));
  const wrongCode = (otp: string) => (otp === '0000' ? '1111' : '0000');

  describe('a sign-up cannot be taken over', () => {
    it('a stranger signing up again with the victim’s e-mail gets neither the account nor their password on it', async () => {
      const victim = performerInput();
      const attacker = { ...victim, fname: 'mallory', number: '5550000', password: 'attacker password 1' };
      expect((await signup(victim)).statusCode).toBe(200);
      await aMinuteLater(victim.email);
      const since = t.sink.messages.length;
      // The attacker's sign-up still sends a new code (to the victim), as the spec's resend does.
      expect((await signup(attacker)).statusCode).toBe(200);
      const otp = await lastCode(victim.email, since);
      const verified = await verify({ ...victim, otp });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ created: 'create' });
      expect((await login({ email: victim.email, password: victim.password })).statusCode).toBe(200);
      const stolen = await login({ email: victim.email, password: attacker.password });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json()).toMatchObject({ msg: MSG.wrongCredentials });
      const [user] = await t.ctx.db.select().from(users).where(eq(users.email, victim.email));
      expect(user).toMatchObject({ fname: victim.fname, number: victim.number });
    });

    it('a wrong code with another password creates nothing; the right code is never refused for a changed password', async () => {
      const owner = performerInput();
      const since = t.sink.messages.length;
      await signup(owner);
      const otp = await lastCode(owner.email, since);
      const res = await verify({ ...owner, password: 'someone elses password', otp: wrongCode(otp) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.otpWrong });
      expect(await t.ctx.db.$count(users, eq(users.email, owner.email))).toBe(0);
      // The right code proves the address: the password typed last is the account's (issue 49 item 7).
      expect((await verify({ ...owner, password: 'a corrected password', otp })).json()).toMatchObject({ created: 'create' });
      expect((await login({ email: owner.email, password: 'a corrected password' })).statusCode).toBe(200);
      expect((await login({ email: owner.email, password: owner.password })).statusCode).toBe(400);
    });

    it('of 50 sign-ups for one e-mail sent at once, one mails a code and the rest answer 429', async () => {
      const input = performerInput();
      const answers = await Promise.all(Array.from({ length: 50 }, () => signup(input)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(49);
      for (const a of answers.filter((r) => r.statusCode === 429)) expect(a.json()).toMatchObject({ msg: MSG.otpResendTooSoon });
    });
  });

  describe('every code try is counted before it is checked', () => {
    it('of 50 wrong codes sent at once, 5 are checked and the right code is refused after them', async () => {
      const input = performerInput();
      const since = t.sink.messages.length;
      await signup(input);
      const otp = await lastCode(input.email, since);
      const answers = await Promise.all(Array.from({ length: 50 }, () => verify({ ...input, otp: wrongCode(otp) })));
      expect(answers.every((a) => a.statusCode === 400)).toBe(true);
      const messages = answers.map((a) => (a.json() as { msg: string }).msg);
      expect(messages.filter((m) => m === MSG.otpWrong)).toHaveLength(4);
      expect(messages.filter((m) => m === MSG.otpTooManyTries)).toHaveLength(46);
      const [row] = await t.ctx.db.select().from(pendingSignups).where(eq(pendingSignups.email, input.email));
      expect(row?.wrongTries).toBe(5);
      const right = await verify({ ...input, otp });
      expect(right.json()).toMatchObject({ msg: MSG.otpTooManyTries });
      expect(await t.ctx.db.$count(users, eq(users.email, input.email))).toBe(0);
    });

    it('new codes do not buy more guesses: after 10 wrong codes in an hour even the right one is refused', async () => {
      const input = performerInput();
      let since = t.sink.messages.length;
      await signup(input);
      for (let round = 0; round < 2; round++) {
        const otp = await lastCode(input.email, since);
        for (let i = 0; i < 5; i++) expect((await verify({ ...input, otp: wrongCode(otp) })).statusCode).toBe(400);
        await aMinuteLater(input.email);
        since = t.sink.messages.length;
        expect((await signup(input)).statusCode).toBe(200);
      }
      const otp = await lastCode(input.email, since);
      const res = await verify({ ...input, otp });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.otpTooManyTries });
      expect(await t.ctx.db.$count(users, eq(users.email, input.email))).toBe(0);
    });
  });

  describe('wrong passwords', () => {
    it('of 50 wrong passwords sent at once from 50 addresses, 30 are checked and 20 answer 429', async () => {
      const p = await buildPerformer(t);
      const answers = await Promise.all(Array.from({ length: 50 }, () => login({ email: p.email, password: 'not the password' })));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    });

    it('an attacker with many addresses cannot lock the owner out of their own address', async () => {
      const p = await buildPerformer(t);
      const home = newAddress();
      expect((await login({ email: p.email, password: p.password }, home)).statusCode).toBe(200);
      const attempts: number[] = [];
      for (let i = 0; i < 35; i++) attempts.push((await login({ email: p.email, password: `guess number ${i}` })).statusCode);
      expect(attempts.slice(0, 30)).toEqual(Array(30).fill(400));
      expect(attempts.slice(30)).toEqual(Array(5).fill(429));
      // The attacker is refused even with the right password, from an address the account never used…
      expect((await login({ email: p.email, password: p.password })).statusCode).toBe(429);
      // …while the owner, at home, still logs in.
      const owner = await login({ email: p.email, password: p.password }, home);
      expect(owner.statusCode).toBe(200);
    });

    it('an attacker at one address is stopped after 10 wrong passwords, the owner elsewhere is not', async () => {
      const p = await buildPerformer(t);
      const attacker = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await login({ email: p.email, password: `guess ${i}` }, attacker)).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses[10]).toBe(429);
      expect((await login({ email: p.email, password: p.password })).statusCode).toBe(200);
    });
  });
}
