/**
 * Sign-up with an e-mailed code, verification and login (DESIGN §4).
 * The code is kept as an HMAC, lives 10 minutes and dies after 5 wrong tries.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { LoginBody, SignupBody, VerifyAnswer, VerifyBody } from '../../../contract/auth.js';
import type { Role } from '../../../contract/jobs-limits.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { LIMITS } from '../../../contract/limits.js';
import { MSG } from '../../../contract/messages.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { pendingSignups, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { otpMail } from './otp-mail.js';
import { enforceLimit } from '../../plugins/rate-limit.js';
import { AUTH_LIMITS } from './rate-limits.js';
import { signToken } from './tokens.js';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** A step run in verify's transaction right after a new account is created (a studio's page). */
export type OnAccountCreated = (
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  account: { id: string; fname: string; number: string },
) => Promise<void>;

/** Verified against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;

export function createAuthService(ctx: AppContext) {
  const { db } = ctx;

  const codeHash = (email: string, code: string) =>
    createHmac('sha256', ctx.config.jwtSecret).update(`otp:${email}:${code}`).digest('hex');

  return {
    /** `role`: the kind of account verify will create; an e-mail of the other kind answers 409. */
    async signup(body: Parsed<SignupBody>, ip: string, role: Role = 'performer'): Promise<void> {
      await enforceLimit(ctx, `signup:ip:${ip}`, AUTH_LIMITS.signupPerAddress);
      const [account] = await db.select({ role: users.role }).from(users).where(eq(users.email, body.email));
      if (account && account.role !== role) throw errors.conflict(MARKET_MSG.accountIsOther(account.role as Role));
      const now = new Date();
      const [previous] = await db.select().from(pendingSignups).where(eq(pendingSignups.email, body.email));
      if (previous && now.getTime() - previous.sentAt.getTime() < LIMITS.otpResendSeconds * 1000) {
        const wait = Math.ceil((previous.sentAt.getTime() + LIMITS.otpResendSeconds * 1000 - now.getTime()) / 1000);
        throw errors.tooManyRequests(wait, MSG.otpResendTooSoon);
      }
      const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
      const row = {
        email: body.email,
        fname: body.fname,
        number: body.number,
        role,
        passwordHash: await hash(body.password),
        codeHash: codeHash(body.email, code),
        wrongTries: 0,
        sentAt: now,
        expiresAt: new Date(now.getTime() + LIMITS.otpLifeMinutes * 60_000),
      };
      await db.insert(pendingSignups).values(row).onConflictDoUpdate({ target: pendingSignups.email, set: row });
      try {
        await ctx.mailer.send(otpMail(body.email, body.fname, code));
      } catch (err) {
        // Nothing half-written: put back what was there before this call.
        if (previous) await db.update(pendingSignups).set(previous).where(eq(pendingSignups.email, body.email));
        else await db.delete(pendingSignups).where(eq(pendingSignups.email, body.email));
        throw Object.assign(errors.badGateway(MSG.mailFailed), { cause: err });
      }
    },

    async verify(body: Parsed<VerifyBody>, ip: string, role: Role = 'performer', onCreated?: OnAccountCreated): Promise<VerifyAnswer> {
      await enforceLimit(ctx, `verify:ip:${ip}`, AUTH_LIMITS.verifyPerAddress);
      const [pending] = await db.select().from(pendingSignups).where(eq(pendingSignups.email, body.email));
      // A sign-up of the other kind is not one this call can finish.
      if (!pending || pending.role !== role || pending.expiresAt.getTime() <= Date.now()) throw errors.badRequest(MSG.otpExpired, 'otp_expired');
      if (pending.wrongTries >= LIMITS.otpMaxWrongTries) throw errors.badRequest(MSG.otpTooManyTries, 'otp_dead');
      const expected = Buffer.from(pending.codeHash, 'hex');
      const given = Buffer.from(codeHash(body.email, body.otp), 'hex');
      if (!timingSafeEqual(expected, given)) {
        const [after] = await db
          .update(pendingSignups)
          .set({ wrongTries: sql`${pendingSignups.wrongTries} + 1` })
          .where(eq(pendingSignups.email, body.email))
          .returning({ wrongTries: pendingSignups.wrongTries });
        const dead = (after?.wrongTries ?? LIMITS.otpMaxWrongTries) >= LIMITS.otpMaxWrongTries;
        throw errors.badRequest(dead ? MSG.otpTooManyTries : MSG.otpWrong, dead ? 'otp_dead' : 'otp_wrong');
      }
      return db.transaction(async (tx) => {
        // The account is made from what the code was mailed for, not from this body.
        const [created] = await tx
          .insert(users)
          .values({ email: pending.email, fname: pending.fname, number: pending.number, passwordHash: pending.passwordHash, role: pending.role })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        await tx.delete(pendingSignups).where(eq(pendingSignups.email, pending.email));
        if (created) {
          await onCreated?.(tx, { id: created.id, fname: pending.fname, number: pending.number });
          return { _id: created.id, created: 'create' as const };
        }
        const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, pending.email));
        if (existing && existing.role !== pending.role) throw errors.conflict(MARKET_MSG.accountIsOther(existing.role as Role));
        return { _id: existing!.id, created: 'exist' as const };
      });
    },

    async login(body: Parsed<LoginBody>, ip: string): Promise<{ token: string; _id: string; role: Role }> {
      await enforceLimit(ctx, `login:ip:${ip}`, AUTH_LIMITS.loginPerAddress);
      const wrongKey = `login:wrong:${body.email}`;
      const { limit, windowSec } = AUTH_LIMITS.wrongPasswordsPerEmail;
      if ((await ctx.limiter.count(wrongKey)) >= Math.ceil(limit * ctx.config.env.RATE_LIMIT_SCALE)) {
        throw errors.tooManyRequests(windowSec);
      }
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion, role: users.role })
        .from(users)
        .where(eq(users.email, body.email));
      dummyHash ??= hash('not a real password, only for timing');
      const ok = await verify(user?.passwordHash ?? (await dummyHash), body.password).catch(() => false);
      if (!user || !ok) {
        await ctx.limiter.hit(wrongKey, limit, windowSec);
        throw errors.badRequest(MSG.wrongCredentials, 'wrong_credentials');
      }
      return { token: await signToken(ctx.config.jwtSecret, user.id, user.tokenVersion), _id: user.id, role: user.role as Role };
    },
  };
}
