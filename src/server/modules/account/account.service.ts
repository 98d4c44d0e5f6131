/**
 * The logged-in account's own settings (docs/account.md): change the password, log out
 * everywhere, export everything stored about it, delete it.
 */
import { hash, verify } from '@node-rs/argon2';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_LIMITS } from '../../../contract/account-limits.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { passwordResets, revokedTokens, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { scaledLimit } from '../../rate-limit/enforce-limit.js';
import { mailSettings } from '../applications/index.js';
import { signToken } from '../auth/index.js';
import { sendAfterCommit, type AfterCommit } from '../notifications/index.js';
import type { AccountRef, AccountSection } from './account-sections.js';
import { ACCOUNT_SECTIONS } from './sections.js';
import { deleteQueuedFiles, dropConversionsOf, queueFileDeletions } from '../media/index.js';

const HOUR = 3600;

export function createAccountService(ctx: AppContext, sections: readonly AccountSection[] = ACCOUNT_SECTIONS) {
  const { db } = ctx;

  async function accountOf(userId: string) {
    const [user] = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!user) throw errors.unauthorized();
    return user;
  }

  /**
   * Checks the password the caller typed; wrong ones are counted per account, so a stolen
   * token cannot guess it. Each try takes its hit before the password is checked and a
   * right one gives it back, as login does (docs/security.md, "Counting rule"): tries sent
   * together, to one instance or many, cannot pass the limit.
   */
  async function checkPassword(user: { id: string; passwordHash: string }, password: string): Promise<void> {
    const key = `password-check:user:${user.id}`;
    const limit = scaledLimit(ctx, ACCOUNT_LIMITS.wrongPasswordPerAccountPerHour);
    const { ok: within, retryAfter } = await ctx.limiter.hit(key, limit, HOUR);
    if (!within) throw errors.tooManyRequests(retryAfter);
    const ok = await verify(user.passwordHash, password).catch(() => false);
    if (!ok) throw errors.wrongPassword();
    await ctx.limiter.release(key);
  }

  return {
    /** Sets a new password and ends every session; the caller continues with the token answered. */
    async changePassword(userId: string, current: string, password: string): Promise<string> {
      const user = await accountOf(userId);
      await checkPassword(user, current);
      const passwordHash = await hash(password);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, userId))
          .returning({ tokenVersion: users.tokenVersion });
        // A reset link asked for before the change must not undo it.
        await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
        return row;
      });
      if (!updated) throw errors.unauthorized();
      return signToken(ctx.config.jwtSecret, userId, updated.tokenVersion);
    },

    /**
     * Ends this one token: its id is kept until the token would expire anyway, and the user
     * channel is told, so every instance's auth hook drops what it remembers of the user
     * (docs/security.md, "Logout"). Rows past their expiry are purged here, on insert.
     */
    async logout(userId: string, token: { jti: string; expiresAt: number }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
        await tx.insert(revokedTokens).values({ jti: token.jti, userId, expiresAt: new Date(token.expiresAt) }).onConflictDoNothing();
        // Delivered at commit, like the users trigger's own notification (migration 0005).
        await tx.execute(sql`select pg_notify(${CHANNELS.user}, ${userId})`);
      });
    },

    async logoutEverywhere(userId: string): Promise<void> {
      await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));
    },

    /** Every section's part, keyed by section name. */
    async export(userId: string): Promise<Record<string, unknown>> {
      const user = await accountOf(userId);
      const account: AccountRef = { id: user.id, email: user.email };
      const file: Record<string, unknown> = { exportedAt: new Date().toISOString(), accountId: user.id };
      for (const section of sections) file[section.name] = await section.export(db, account);
      return file;
    },

    /**
     * One transaction removes or anonymises every section's rows and the users row, and
     * queues the stored files; any failure rolls all of it back and the account stays
     * whole. The files are deleted after the commit; failures stay queued for the sweep.
     */
    async delete(userId: string, password: string, log: FastifyBaseLogger): Promise<void> {
      const user = await accountOf(userId);
      await checkPassword(user, password);
      const account: AccountRef = { id: user.id, email: user.email };
      const env = mailSettings(ctx.config.env);
      const { keys, role, after } = await db.transaction(async (tx) => {
        const files: string[] = [];
        // Whom the deletion told (a studio's applicants, docs/account.md): sent once it commits.
        const told: AfterCommit = { mails: [], events: [] };
        for (const section of sections) {
          if (!section.erase) continue;
          const erased = await section.erase(tx, account, env);
          if (Array.isArray(erased)) files.push(...erased);
          else {
            files.push(...erased.keys);
            told.mails.push(...erased.after.mails);
            told.events.push(...erased.after.events);
          }
        }
        // Videos' and tapes' converted MP4s and posters go with their originals (docs/media.md).
        files.push(...(await dropConversionsOf(tx, files)));
        await queueFileDeletions(tx, files);
        const [gone] = await tx.delete(users).where(eq(users.id, userId)).returning({ role: users.role });
        if (!gone) throw errors.unauthorized();
        return { keys: files, role: gone.role, after: told };
      });
      await sendAfterCommit(ctx, after, log);
      // A performer leaves the talent search: this instance's answers move on at once (docs/performance.md).
      if (role === 'performer') ctx.changes.announce(CHANNELS.counter, 'performers');
      await deleteQueuedFiles(ctx, keys, log);
    },
  };
}
