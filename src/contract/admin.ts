/** The admin console's calls (docs/account.md). */
import { z } from 'zod';
import { ADMIN_TEXT } from './admin-texts.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { MSG } from './messages.js';

const adminPayment = z.object({
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

const adminContactMessage = z.object({
  id: z.string(),
  email: z.string(),
  number: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export const adminContactAnswer = z.object({ messages: z.array(adminContactMessage) });
export type AdminContactAnswer = z.infer<typeof adminContactAnswer>;

export const contactIdParams = z.object({ id: z.uuid({ error: MSG.contactNotFound }) });

export const adminStatsAnswer = z.object({
  /** Accounts by kind: `performer` and `studio`, each counted (0 when none). */
  accounts: z.record(z.string(), z.number()),
  unhandledContact: z.number(),
  payments: z.number(),
});
export type AdminStatsAnswer = z.infer<typeof adminStatsAnswer>;

/** GET /api/admin/whoami: who the server takes the caller to be, when they are an administrator. */
export const adminWhoamiAnswer = z.object({ _id: z.string(), email: z.string(), admin: z.literal(true) });
export type AdminWhoamiAnswer = z.infer<typeof adminWhoamiAnswer>;

/** A studio or job id in an admin call's path: a malformed one is a 400, an unknown one a 404. */
export const adminStudioIdParams = z.object({ id: z.uuid({ error: MSG.studioNotFound }) });
export const adminJobIdParams = z.object({ id: z.uuid({ error: MARKET_MSG.jobNotFound }) });

/** GET /api/admin/studios?verified=true|false: no filter lists both, the ones to verify first. */
export const adminStudiosQuery = z.strictObject({
  verified: z.enum(['true', 'false'], { error: ADMIN_TEXT.verifiedFilter }).optional(),
});
export type AdminStudiosQuery = z.input<typeof adminStudiosQuery>;

const adminStudio = z.object({
  _id: z.string(),
  fname: z.string(),
  location: z.string(),
  profilePic: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  /** The studio account's e-mail; null for a studio no account owns (the demo rows). */
  ownerEmail: z.string().nullable(),
  jobs: z.object({ open: z.number(), total: z.number() }),
});
export const adminStudiosAnswer = z.object({ studios: z.array(adminStudio) });
export type AdminStudiosAnswer = z.infer<typeof adminStudiosAnswer>;

/** A job that at least one account reported, with every reason given. */
const adminReport = z.object({
  job: z.object({
    _id: z.string(),
    title: z.string(),
    jobType: z.string(),
    status: z.enum(['open', 'closed']),
    hidden: z.boolean(),
    studio: z.object({ _id: z.string(), fname: z.string(), verified: z.boolean() }),
  }),
  count: z.number(),
  lastReportedAt: z.string(),
  reasons: z.array(z.object({ reason: z.string(), createdAt: z.string() })),
});
export const adminReportsAnswer = z.object({ reports: z.array(adminReport) });
export type AdminReportsAnswer = z.infer<typeof adminReportsAnswer>;

/** POST /api/admin/jobs/{id}/hide and …/restore. */
export const adminJobHiddenAnswer = z.object({ _id: z.string(), hidden: z.boolean() });
export type AdminJobHiddenAnswer = z.infer<typeof adminJobHiddenAnswer>;
