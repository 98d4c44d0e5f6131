/**
 * Payments and payment orders. On deletion they stay for accounting, without the
 * account: the user id is cleared and the payer's name emptied.
 */
import { asc, eq } from 'drizzle-orm';
import { paymentOrders, payments } from '../../../db/schema/index.js';
import type { AccountSection } from '../account-sections.js';

export const paymentsSection: AccountSection = {
  name: 'payments',
  async export(db, account) {
    const records = await db
      .select({
        name: payments.name,
        from: payments.from,
        type: payments.type,
        amount: payments.amount,
        status: payments.status,
        paymentDate: payments.paymentDate,
        orderId: payments.orderId,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, account.id))
      .orderBy(asc(payments.createdAt));
    const orders = await db
      .select({
        id: paymentOrders.id,
        provider: paymentOrders.provider,
        plan: paymentOrders.plan,
        amount: paymentOrders.amount,
        currency: paymentOrders.currency,
        status: paymentOrders.status,
        createdAt: paymentOrders.createdAt,
        capturedAt: paymentOrders.capturedAt,
      })
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, account.id))
      .orderBy(asc(paymentOrders.createdAt));
    return { records, orders };
  },
  async erase(tx, account) {
    await tx.update(payments).set({ userId: null, name: '' }).where(eq(payments.userId, account.id));
    await tx.update(paymentOrders).set({ userId: null }).where(eq(paymentOrders.userId, account.id));
    return [];
  },
};
