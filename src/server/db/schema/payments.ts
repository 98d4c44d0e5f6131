/** Payment orders created by the server and the payments they produced. */
import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const paymentOrders = pgTable(
  'payment_orders',
  {
    /** The provider's order id. */
    id: text('id').primaryKey(),
    /** Null once the account is deleted: the order stays for accounting. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    plan: text('plan').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** CREATED until the capture is verified, then COMPLETED. */
    status: text('status').notNull().default('CREATED'),
    captureId: text('capture_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  (t) => [index('payment_orders_user_idx').on(t.userId)],
);

/** The spec's payment record, labelled from 'Audition'; one per captured order. */
export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** Null once the account is deleted: the record stays for accounting, its name emptied. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  orderId: text('order_id').notNull().unique().references(() => paymentOrders.id),
  captureId: text('capture_id').notNull(),
  from: text('from').notNull(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  paymentDate: text('payment_date').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
