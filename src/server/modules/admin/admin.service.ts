/**
 * Who is an administrator: the verified e-mail addresses listed in ADMIN_EMAILS. Read once
 * at start, so a change needs a restart, like every other setting.
 */
import { eq } from 'drizzle-orm';
import { MSG } from '../../../contract/messages.js';
import type { AdminWhoamiAnswer } from '../../../contract/admin.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';

/** ADMIN_EMAILS as a set of lower-case addresses (accounts store their e-mail lower-cased). */
export function parseAdminEmails(setting: string): Set<string> {
  return new Set(
    setting
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function createAdminService(ctx: AppContext) {
  const admins = parseAdminEmails(ctx.config.env.ADMIN_EMAILS);

  return {
    /** The caller as an administrator; 403 for any other account. */
    async whoami(userId: string): Promise<AdminWhoamiAnswer> {
      const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!row || !admins.has(row.email.toLowerCase())) throw errors.forbidden(MSG.notAdmin);
      return { _id: userId, email: row.email, admin: true };
    },
  };
}
