/** The admin console's calls (docs/account.md). */
import { z } from 'zod';
import { MSG } from './messages.js';

export const adminPayment = z.object({
  id: z.string(),
  /** Null once the paying account is deleted; the record stays for accounting. */
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  type: z.string(),
  amount: z.string(),
  status: z.string(),
  paymentDate: z.string(),
  createdAt: z.string(),
});
export const adminPaymentsAnswer = z.object({
  payments: z.array(adminPayment),
  /** Sums in USD by plan and calendar month (UTC), newest month first. */
  totals: z.array(z.object({ month: z.string(), plan: z.string(), count: z.number(), amount: z.string() })),
});
export type AdminPaymentsAnswer = z.infer<typeof adminPaymentsAnswer>;

export const adminContactMessage = z.object({
  id: z.string(),
  email: z.string(),
  number: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export const adminContactAnswer = z.object({ messages: z.array(adminContactMessage) });
export type AdminContactAnswer = z.infer<typeof adminContactAnswer>;
export type AdminContactMessage = z.infer<typeof adminContactMessage>;

export const contactIdParams = z.object({ id: z.uuid({ error: MSG.contactNotFound }) });

export const adminStatsAnswer = z.object({
  /** Accounts by kind; every account is a performer until studio accounts exist. */
  accounts: z.record(z.string(), z.number()),
  unhandledContact: z.number(),
  payments: z.number(),
});
export type AdminStatsAnswer = z.infer<typeof adminStatsAnswer>;

/** GET /api/admin/whoami: who the server takes the caller to be, when they are an administrator. */
export const adminWhoamiAnswer = z.object({ _id: z.string(), email: z.string(), admin: z.literal(true) });
export type AdminWhoamiAnswer = z.infer<typeof adminWhoamiAnswer>;
