/**
 * Who may use /api/admin/*: logged-in accounts whose e-mail is in ADMIN_EMAILS. An
 * account's e-mail was proven by its sign-up code, so the list of addresses is enough.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../contract/messages.js';
import type { AppContext, AuthHooks } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';

/** The admin addresses, trimmed and lower-cased as the accounts' e-mails are stored. */
export function adminEmailsOf(ctx: AppContext): Set<string> {
  return parseAdminEmails(ctx.config.env.ADMIN_EMAILS);
}

/** ADMIN_EMAILS as a set of lower-case addresses (accounts store their e-mail lower-cased). */
export function parseAdminEmails(setting: string): Set<string> {
  return new Set(
    setting
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Whether this account is an admin. */
export async function isAdmin(ctx: AppContext, userId: string): Promise<boolean> {
  const admins = adminEmailsOf(ctx);
  if (admins.size === 0 || !userId) return false;
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return Boolean(user && admins.has(user.email));
}

/** preHandler: 401 without a valid token, 403 `{ msg }` for everyone but the admins. */
export function createRequireAdmin(ctx: AppContext, auth: AuthHooks) {
  return async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    await auth.requireAuth(request, reply);
    if (!(await isAdmin(ctx, request.userId))) throw errors.forbidden(MSG.adminOnly);
  };
}
