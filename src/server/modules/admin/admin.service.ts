/** What the admin console reads and changes: payments, contact messages, accounts by kind. */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '../../../contract/account-limits.js';
import type { AdminContactAnswer, AdminPaymentsAnswer, AdminStatsAnswer, AdminWhoamiAnswer } from '../../../contract/admin.js';
import { MSG } from '../../../contract/messages.js';
import type { AppContext } from '../../context.js';
import { contactMessages, paymentOrders, payments, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';

export function createAdminService(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** The caller, already checked to be an administrator by the route's guard. */
    async whoami(userId: string): Promise<AdminWhoamiAnswer> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!row) throw errors.forbidden(MSG.adminOnly);
      return { _id: userId, email: row.email, admin: true };
    },

    async payments(): Promise<AdminPaymentsAnswer> {
      const rows = await db
        .select({
          id: payments.id,
          userId: payments.userId,
          name: payments.name,
          email: users.email,
          type: payments.type,
          amount: payments.amount,
          status: payments.status,
          paymentDate: payments.paymentDate,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .leftJoin(users, eq(users.id, payments.userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(ACCOUNT_LIMITS.adminListMax);
      const month = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM')`;
      const totals = await db
        .select({ month, plan: paymentOrders.plan, count: count(), amount: sql<string>`sum(${payments.amount})::text` })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .groupBy(month, paymentOrders.plan)
        .orderBy(desc(month), paymentOrders.plan);
      return {
        payments: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        totals: totals.map((t) => ({ ...t, count: Number(t.count), amount: Number(t.amount).toFixed(2) })),
      };
    },

    /** Unhandled messages first, newest first within each. */
    async contact(): Promise<AdminContactAnswer> {
      const rows = await db
        .select()
        .from(contactMessages)
        .orderBy(sql`${contactMessages.handledAt} is not null`, desc(contactMessages.createdAt))
        .limit(ACCOUNT_LIMITS.adminListMax);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          email: r.email,
          number: r.number,
          message: r.message,
          createdAt: r.createdAt.toISOString(),
          handledAt: r.handledAt?.toISOString() ?? null,
        })),
      };
    },

    /** Marking twice keeps the first time. */
    async markHandled(id: string): Promise<void> {
      await db.update(contactMessages).set({ handledAt: sql`now()` }).where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)));
      const [row] = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
      if (!row) throw errors.notFound(MSG.contactNotFound);
    },

    async stats(): Promise<AdminStatsAnswer> {
      const [kinds, unhandled, paid] = await Promise.all([
        db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
        db.$count(contactMessages, isNull(contactMessages.handledAt)),
        db.$count(payments),
      ]);
      // Both kinds are always named, so the console shows a 0 rather than leaving one out.
      const accounts: Record<string, number> = { performer: 0, studio: 0 };
      for (const k of kinds) accounts[k.role] = Number(k.n);
      return { accounts, unhandledContact: unhandled, payments: paid };
    },
  };
}
