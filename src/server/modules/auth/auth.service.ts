/**
 * Sign-up with an e-mailed code, verification and login (docs/security.md).
 * The code is kept as an HMAC, lives 10 minutes and dies after 5 tries; every try is
 * counted in the same statement that checks the budget, so tries sent together cannot
 * pass it. The account is created only for the person whose sign-up the code was sent for.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { LoginBody, PendingSignupAnswer, SignupBody, VerifyAnswer, VerifyBody } from '../../../contract/auth.js';
import type { Role } from '../../../contract/jobs-limits.js';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { LIMITS } from '../../../contract/limits.js';
import { MSG } from '../../../contract/messages.js';
import { isTimeZone } from '../../../contract/time-zones.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import type { Tx } from '../../db/client.js';
import { pendingSignups, users } from '../../db/schema/index.js';
import { AppError, errors } from '../../errors.js';
import { otpMail } from './otp-mail.js';
import { enforceLimit, scaledLimit } from '../../rate-limit/enforce-limit.js';
import { AUTH_LIMITS } from './rate-limits.js';
import { signToken } from './tokens.js';

// The browser's time zone stays optional: a login or sign-up without one is whole.
export type Parsed<T> = { [K in keyof T as K extends 'timeZone' ? never : K]-?: Exclude<T[K], undefined> } & { timeZone?: string };
type PendingSignup = typeof pendingSignups.$inferSelect;

export interface VerifyOptions {
  /** The kind of account this call creates; a sign-up of the other kind is not one it can finish. */
  role?: Role;
  /**
   * Runs in the transaction that creates the account, after its row is inserted (e.g. a
   * studio sign-up adding its role and studio row). Not run when the e-mail already had one.
   */
  afterCreate?: (tx: Tx, userId: string, pending: PendingSignup) => Promise<void>;
}

/** Verified against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function createAuthService(ctx: AppContext) {
  const { db } = ctx;

  const codeHash = (email: string, code: string) =>
    createHmac('sha256', ctx.config.jwtSecret).update(`otp:${email}:${code}`).digest('hex');

  /**
   * Counts one try on the e-mail's code and answers the row, or undefined when no try is
   * left (per code, or per e-mail across codes) or the code expired. One statement checks
   * and counts, so tries sent together are each counted before any is checked.
   */
  async function takeTry(email: string, now: Date): Promise<PendingSignup | undefined> {
    const windowStart = new Date(now.getTime() - AUTH_LIMITS.codeTriesPerEmail.windowSec * 1000);
    const windowOpen = sql`coalesce(${pendingSignups.emailTriesSince} > ${iso(windowStart)}, false)`;
    const [row] = await db
      .update(pendingSignups)
      .set({
        wrongTries: sql`${pendingSignups.wrongTries} + 1`,
        emailTries: sql`case when ${windowOpen} then ${pendingSignups.emailTries} + 1 else 1 end`,
        emailTriesSince: sql`case when ${windowOpen} then ${pendingSignups.emailTriesSince} else ${iso(now)} end`,
      })
      .where(
        and(
          eq(pendingSignups.email, email),
          gt(pendingSignups.expiresAt, now),
          lt(pendingSignups.wrongTries, LIMITS.otpMaxWrongTries),
          or(sql`not ${windowOpen}`, lt(pendingSignups.emailTries, AUTH_LIMITS.codeTriesPerEmail.limit)),
        ),
      )
      .returning();
    return row;
  }

  const pendingOf = async (email: string): Promise<PendingSignup | undefined> =>
    (await db.select().from(pendingSignups).where(eq(pendingSignups.email, email)))[0];

  const noTriesLeft = (row: PendingSignup) =>
    row.wrongTries >= LIMITS.otpMaxWrongTries || row.emailTries >= AUTH_LIMITS.codeTriesPerEmail.limit;

  return {
    /**
     * Mails a new code. A pending sign-up that has not expired keeps its password, name and
     * phone: a later sign-up for the same e-mail (at most once a minute) only gets a new code
     * sent to that e-mail, so nobody can swap in the password the owner's code will confirm.
     */
    async signup(body: Parsed<SignupBody>, ip: string, role: Role = 'performer'): Promise<void> {
      await enforceLimit(ctx, `signup:ip:${ip}`, AUTH_LIMITS.signupPerAddress);
      // One e-mail is one account: the other kind's sign-up is refused before a code goes out.
      const [account] = await db.select({ role: users.role }).from(users).where(eq(users.email, body.email));
      if (account && account.role !== role) throw errors.conflict(MARKET_MSG.accountIsOther(account.role as Role));
      const now = new Date();
      const resendFrom = new Date(now.getTime() - LIMITS.otpResendSeconds * 1000);
      const [previous] = await db.select().from(pendingSignups).where(eq(pendingSignups.email, body.email));
      const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
      const newCodeHash = codeHash(body.email, code);
      const row = {
        email: body.email,
        fname: body.fname,
        number: body.number,
        role,
        passwordHash: await hash(body.password),
        codeHash: newCodeHash,
        wrongTries: 0,
        sentAt: now,
        expiresAt: new Date(now.getTime() + LIMITS.otpLifeMinutes * 60_000),
      };
      const expired = sql`${pendingSignups.expiresAt} <= ${iso(now)}`;
      const keepUnlessExpired = (column: string) =>
        sql`case when ${expired} then excluded.${sql.identifier(column)} else ${sql.identifier('pending_signups')}.${sql.identifier(column)} end`;
      // Replaced only when the last code is a minute old: checked and written in one statement.
      const [saved] = await db
        .insert(pendingSignups)
        .values(row)
        .onConflictDoUpdate({
          target: pendingSignups.email,
          set: {
            codeHash: row.codeHash,
            wrongTries: 0,
            sentAt: row.sentAt,
            expiresAt: row.expiresAt,
            passwordHash: keepUnlessExpired('password_hash'),
            fname: keepUnlessExpired('fname'),
            number: keepUnlessExpired('number'),
            role: keepUnlessExpired('role'),
          },
          setWhere: sql`${pendingSignups.sentAt} <= ${iso(resendFrom)}`,
        })
        .returning({ email: pendingSignups.email });
      if (!saved) {
        const [current] = await db.select({ sentAt: pendingSignups.sentAt }).from(pendingSignups).where(eq(pendingSignups.email, body.email));
        const sentAt = current?.sentAt.getTime() ?? now.getTime();
        const wait = Math.max(1, Math.ceil((sentAt + LIMITS.otpResendSeconds * 1000 - now.getTime()) / 1000));
        // The code sent is still good: the web app reopens its dialog, counting down to a new one.
        throw errors.otpResendTooSoon(wait);
      }
      try {
        await ctx.mailer.send(otpMail(body.email, body.fname, code));
      } catch (err) {
        // Nothing half-written: put back what was there before this call, unless another call wrote since.
        const ours = and(eq(pendingSignups.email, body.email), eq(pendingSignups.codeHash, newCodeHash));
        if (previous) await db.update(pendingSignups).set(previous).where(ours);
        else await db.delete(pendingSignups).where(ours);
        throw Object.assign(errors.badGateway(MSG.mailFailed), { cause: err });
      }
    },

    /**
     * Mails a new code for a sign-up that was never confirmed, to whoever knows its password
     * (login's "confirm your e-mail first"): the sign-up's own name and phone are used, and
     * answered so the web app can finish with the verify call of its kind. Anyone else gets
     * login's wrong-credentials answer, so nothing is revealed.
     */
    async resendCode(body: Parsed<LoginBody>, ip: string): Promise<PendingSignupAnswer> {
      const pending = await pendingOf(body.email);
      dummyHash ??= hash('not a real password, only for timing');
      const ok = await verify(pending?.passwordHash ?? (await dummyHash), body.password).catch(() => false);
      if (!pending || !ok) {
        await enforceLimit(ctx, `signup:ip:${ip}`, AUTH_LIMITS.signupPerAddress);
        throw errors.wrongCredentials();
      }
      const role = pending.role as Role;
      const answer = { fname: pending.fname, number: pending.number, role };
      try {
        await this.signup({ email: pending.email, fname: pending.fname, number: pending.number, password: body.password }, ip, role);
        return { ...answer, msg: MSG.codeSent, sent: true, resendIn: LIMITS.otpResendSeconds };
      } catch (err) {
        // The last code is under a minute old and still good: the dialog opens for it, counting down.
        if (!(err instanceof AppError && err.code === 'otp_resend_too_soon')) throw err;
        return { ...answer, msg: err.message, sent: false, resendIn: err.retryAfter ?? LIMITS.otpResendSeconds };
      }
    },

    /**
     * Creates the account when the code is right, with the name, phone and password of this
     * call (the last typed). Answers `exist`, changing nothing, when the e-mail had an account.
     */
    async verify(body: Parsed<VerifyBody>, ip: string, opts: VerifyOptions = {}): Promise<VerifyAnswer> {
      await enforceLimit(ctx, `verify:ip:${ip}`, AUTH_LIMITS.verifyPerAddress);
      const role = opts.role ?? 'performer';
      const now = new Date();
      const [ofKind] = await db.select({ role: pendingSignups.role }).from(pendingSignups).where(eq(pendingSignups.email, body.email));
      if (ofKind && ofKind.role !== role) throw errors.otpExpired();
      const pending = await takeTry(body.email, now);
      if (!pending) {
        const [row] = await db.select().from(pendingSignups).where(eq(pendingSignups.email, body.email));
        if (!row || row.expiresAt.getTime() <= now.getTime()) throw errors.otpExpired();
        throw errors.otpDead();
      }
      const expected = Buffer.from(pending.codeHash, 'hex');
      const given = Buffer.from(codeHash(body.email, body.otp), 'hex');
      if (!timingSafeEqual(expected, given)) {
        const dead = noTriesLeft(pending);
        throw (dead ? errors.otpDead() : errors.otpWrong());
      }
      // The right code proves the address, so the details typed last are the account's: a
      // sign-up sent again with a corrected name, phone or password starts again with them,
      // and the right code is never refused (docs/security.md, "Sign-up, codes and login";
      // issue 49 item 7). Hashed again only when the password changed.
      const samePassword = await verify(pending.passwordHash, body.password).catch(() => false);
      const details: PendingSignup = { ...pending, fname: body.fname, number: body.number, passwordHash: samePassword ? pending.passwordHash : await hash(body.password) };
      const answer = await db.transaction(async (tx) => {
        // Deleting the pending row is the gate: of two right tries sent together, one goes on.
        const [taken] = await tx
          .delete(pendingSignups)
          .where(and(eq(pendingSignups.email, pending.email), eq(pendingSignups.codeHash, pending.codeHash)))
          .returning({ email: pendingSignups.email });
        if (!taken) throw errors.otpExpired();
        const [created] = await tx
          .insert(users)
          .values({ email: details.email, fname: details.fname, number: details.number, passwordHash: details.passwordHash, role: details.role, timeZone: isTimeZone(body.timeZone) ? body.timeZone : null })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (created) {
          await opts.afterCreate?.(tx, created.id, details);
          return { _id: created.id, created: 'create' as const };
        }
        const [existing] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, pending.email));
        if (existing && existing.role !== pending.role) throw errors.conflict(MARKET_MSG.accountIsOther(existing.role as Role));
        return { _id: existing!.id, created: 'exist' as const };
      });
      // A new performer is public from the start: this instance's talent answers move on at once (docs/performance.md).
      if (answer.created === 'create' && role === 'performer') ctx.changes.announce(CHANNELS.counter, 'performers');
      return answer;
    },

    /**
     * Wrong passwords are counted per (e-mail, address) and per e-mail. Each try takes its
     * counts before the password is checked (a right one gives them back), so tries sent
     * together cannot pass a limit. Past the per-e-mail limit only addresses this account
     * logged in from before may go on trying, within their own pair's limit.
     */
    async login(body: Parsed<LoginBody>, ip: string): Promise<{ token: string; _id: string; role: Role }> {
      await enforceLimit(ctx, `login:ip:${ip}`, AUTH_LIMITS.loginPerAddress);
      const { limiter } = ctx;
      const pairKey = `login:wrong:${body.email}:${ip}`;
      const emailKey = `login:wrong:${body.email}`;
      const knownKey = `login:known:${body.email}:${ip}`;
      const { wrongPasswordsPerPair: pairRule, wrongPasswordsPerEmail: emailRule } = AUTH_LIMITS;
      const pair = await limiter.hit(pairKey, scaledLimit(ctx, pairRule.limit), pairRule.windowSec);
      if (!pair.ok) throw errors.tooManyRequests(pair.retryAfter);
      const all = await limiter.hit(emailKey, scaledLimit(ctx, emailRule.limit), emailRule.windowSec);
      if (!all.ok && (await limiter.count(knownKey)) === 0) {
        await limiter.release(pairKey);
        throw errors.tooManyRequests(all.retryAfter);
      }
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion, role: users.role, memberOf: users.memberOf, timeZone: users.timeZone })
        .from(users)
        .where(eq(users.email, body.email));
      dummyHash ??= hash('not a real password, only for timing');
      // No account yet: the password is checked against a sign-up still waiting for its code
      // instead of the dummy, so the time is the same and only that sign-up's password learns of it.
      const pending = user ? undefined : await pendingOf(body.email);
      const ok = await verify(user?.passwordHash ?? pending?.passwordHash ?? (await dummyHash), body.password).catch(() => false);
      if (!user && pending && ok) {
        await Promise.all([limiter.release(pairKey), limiter.release(emailKey)]);
        throw errors.emailUnconfirmed();
      }
      if (!user || !ok) throw errors.wrongCredentials();
      await Promise.all([
        limiter.release(pairKey),
        limiter.release(emailKey),
        limiter.hit(knownKey, Number.MAX_SAFE_INTEGER, AUTH_LIMITS.knownAddressSec),
      ]);
      // The browser's zone is kept when the account has none yet; /settings changes it (docs/account.md, "Time zone").
      if (user.timeZone === null && isTimeZone(body.timeZone)) {
        await db.update(users).set({ timeZone: body.timeZone }).where(and(eq(users.id, user.id), sql`${users.timeZone} is null`));
      }
      const token = await signToken(ctx.config.jwtSecret, user.id, user.tokenVersion);
      // A member of a casting office logs in as itself and acts for its studio (docs/team.md).
      if (user.memberOf) return { token, _id: user.memberOf, role: 'studio' };
      return { token, _id: user.id, role: user.role as Role };
    },
  };
}
