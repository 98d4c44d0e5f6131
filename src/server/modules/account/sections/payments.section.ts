/**
 * Payments and payment orders. On deletion they stay for accounting, without the
 * account: the user id is cleared and the payer's name emptied.
 */
import { asc, eq, getTableColumns } from 'drizzle-orm';
import { paymentOrders, payments } from '../../../db/schema/index.js';
import type { AccountSection } from '../account-sections.js';

// Every stored column but the link to the account (the file is about it) and the provider's
// capture ids, which are PayPal's bookkeeping rather than the account's data.
const { id: _recordId, userId: _recordUser, captureId: _recordCapture, ...recordColumns } = getTableColumns(payments);
const { userId: _orderUser, captureId: _orderCapture, ...orderColumns } = getTableColumns(paymentOrders);

export const paymentsSection: AccountSection = {
  name: 'payments',
  async export(db, account) {
    const [records, orders] = await Promise.all([
      db.select(recordColumns).from(payments).where(eq(payments.userId, account.id)).orderBy(asc(payments.createdAt), asc(payments.id)),
      db.select(orderColumns).from(paymentOrders).where(eq(paymentOrders.userId, account.id)).orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id)),
    ]);
    return { records, orders };
  },
  async erase(tx, account) {
    await tx.update(payments).set({ userId: null, name: '' }).where(eq(payments.userId, account.id));
    await tx.update(paymentOrders).set({ userId: null }).where(eq(paymentOrders.userId, account.id));
    return [];
  },
};
