/**
 * Payments and payment orders. On deletion they stay for accounting, without the
 * account: the user id is cleared and the payer's name emptied.
 */
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { paymentOrders, payments } from '../../db/schema/index.js';

// Every stored column but the link to the account (the file is about it) and the provider's
// capture ids, which are PayPal's bookkeeping rather than the account's data.
const { id: _recordId, userId: _recordUser, captureId: _recordCapture, ...recordColumns } = getTableColumns(payments);
const { userId: _orderUser, captureId: _orderCapture, ...orderColumns } = getTableColumns(paymentOrders);

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const paymentsSection = {
  name: 'payments',
  async export(db: Db, account: { id: string }) {
    const [records, orders] = await Promise.all([
      db.select(recordColumns).from(payments).where(eq(payments.userId, account.id)).orderBy(asc(payments.createdAt), asc(payments.id)),
      db.select(orderColumns).from(paymentOrders).where(eq(paymentOrders.userId, account.id)).orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id)),
    ]);
    return { records, orders };
  },
  async erase(tx: Tx, account: { id: string }) {
    await tx.update(payments).set({ userId: null, name: '' }).where(eq(payments.userId, account.id));
    await tx.update(paymentOrders).set({ userId: null }).where(eq(paymentOrders.userId, account.id));
    return [];
  },
};
