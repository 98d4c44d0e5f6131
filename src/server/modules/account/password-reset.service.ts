/**
 * Forgotten passwords (docs/account.md): a mailed link that works once, for 30 minutes,
 * kept only as a SHA-256 hash. The request answers the same, in at least the same time,
 * whether or not the e-mail has an account.
 */
import { hash } from '@node-rs/argon2';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_LIMITS } from '../../../contract/account-limits.js';
import type { AppContext } from '../../context.js';
import { passwordResets, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { resetMail } from './reset-mail.js';
import { hashLinkToken, newLinkToken } from '../../lib/link-token.js';

const HOUR = 3600;


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPasswordResetService(ctx: AppContext) {
  const { db } = ctx;
  const origin = (ctx.config.env.PUBLIC_URL ?? `http://localhost:${ctx.config.env.PORT}`).replace(/\/+$/, '');

  return {
    /**
     * Always resolves (unless rate-limited, which is counted the same for every address).
     * The mail is sent after the answer: an SMTP round trip would tell a known address
     * from an unknown one, and the answer must not wait for it either way.
     */
    async forgot(email: string, ip: string, log: FastifyBaseLogger): Promise<void> {
      const started = performance.now();
      await enforceLimit(ctx, `forgot:ip:${ip}`, { limit: ACCOUNT_LIMITS.forgotPerAddressPerHour, windowSec: HOUR });
      await enforceLimit(ctx, `forgot:email:${email}`, { limit: ACCOUNT_LIMITS.forgotPerEmailPerHour, windowSec: HOUR });
      // The token and its hash are made for every request, known e-mail or not.
      const token = newLinkToken();
      const tokenHash = hashLinkToken(token);
      const [user] = await db.select({ id: users.id, fname: users.fname }).from(users).where(eq(users.email, email));
      if (user) {
        const expiresAt = new Date(Date.now() + ACCOUNT_LIMITS.resetLinkMinutes * 60_000);
        await db.transaction(async (tx) => {
          // Only the newest link works: asking again retires the earlier ones.
          await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
          await tx.insert(passwordResets).values({ tokenHash, userId: user.id, expiresAt });
        });
        const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
        ctx.mailer.send(resetMail(email, user.fname, link)).catch((err: unknown) => log.error({ err }, 'password reset mail not sent'));
      }
      const left = ACCOUNT_LIMITS.forgotPasswordMinMs - (performance.now() - started);
      if (left > 0) await sleep(left);
    },

    /**
     * Whether a link would still set a password, without using it, so /reset-password can
     * say at once that a dead link is dead (docs/account.md, "Checking a link"). Limited
     * like the reset itself, on its own count so opening the page costs no reset attempt.
     */
    async check(token: string, ip: string): Promise<void> {
      await enforceLimit(ctx, `reset-check:ip:${ip}`, { limit: ACCOUNT_LIMITS.resetPerAddressPer10Min, windowSec: 600 });
      const [live] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(and(eq(passwordResets.tokenHash, hashLinkToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)));
      if (!live) throw errors.resetLinkInvalid();
    },

    /** Sets the password from a valid link and ends every session; the link dies with it. Answers the account's id. */
    async reset(token: string, password: string, ip: string): Promise<string> {
      await enforceLimit(ctx, `reset:ip:${ip}`, { limit: ACCOUNT_LIMITS.resetPerAddressPer10Min, windowSec: 600 });
      const tokenHash = hashLinkToken(token);
      const passwordHash = await hash(password);
      const done = await db.transaction(async (tx) => {
        // Claimed in one statement: of two resets racing with one link, one wins.
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
          .returning({ userId: passwordResets.userId });
        if (!claimed) return null;
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, claimed.userId));
        await tx.delete(passwordResets).where(and(eq(passwordResets.userId, claimed.userId), ne(passwordResets.tokenHash, tokenHash)));
        return claimed.userId;
      });
      if (!done) throw errors.resetLinkInvalid();
      return done;
    },
  };
}
