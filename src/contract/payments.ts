/**
 * The payment calls (docs/product.md §7, §11): the server creates and captures the order; the
 * spec's two reporting calls only confirm an order the server captured for this user.
 */
import { z } from 'zod';
import { text } from './fields.js';
import { MSG } from './messages.js';
import { findPlan, type Plan } from './plans.js';

/** Order ids of PayPal (17 characters) and of the demo provider; anything else is unknown. */
const ORDER_ID_MAX = 64;
const orderIdText = text('Order id', { error: MSG.orderNotFound }).max(ORDER_ID_MAX, MSG.orderNotFound).trim().regex(/^[A-Za-z0-9-]+$/, MSG.orderNotFound);

/** A plan name in any letter case, read as the plan it names. */
const planName = z
  .string({ error: MSG.unknownPlan })
  .max(40, MSG.unknownPlan)
  .transform((name, ctx): Plan => {
    const plan = findPlan(name);
    if (!plan) {
      ctx.addIssue({ code: 'custom', message: MSG.unknownPlan });
      return z.NEVER;
    }
    return plan;
  });

export const createOrderBody = z.object({ plan: planName }, { error: MSG.unknownPlan });

export const createOrderAnswer = z.object({ id: z.string() });
export type CreateOrderAnswer = z.infer<typeof createOrderAnswer>;

export const orderIdParams = z.object({ id: orderIdText });

/** What a successful capture answers; the same answer for a repeated capture. */
export const captureAnswer = z.object({
  orderId: z.string(),
  captureId: z.string(),
  subscriptionName: z.string(),
  subscriptionPrice: z.number(),
  /** ISO date-time at which the subscription ends. */
  subscriptionEnd: z.string(),
  daysLeft: z.number(),
  /** ISO date-time at which the plan bought starts, when it waits for the current one to end. */
  startsAt: z.string().optional(),
});
export type CaptureAnswer = z.infer<typeof captureAnswer>;

const money = z.union([z.number(), text('Amount').max(20).trim()], { error: 'The amount must be a number' });

/** docs/product.md §7 subscriptionData, plus the id of the order the server captured. */
export const subscriptionDataBody = z.object(
  {
    subscriptionName: text('Plan', { error: MSG.unknownPlan }).max(40, MSG.unknownPlan),
    subscriptionPrice: money,
    orderId: orderIdText.optional(),
  },
  { error: MSG.paymentNotCaptured },
);
export type SubscriptionDataBody = z.input<typeof subscriptionDataBody>;

/** docs/product.md §7 addPayment, plus the id of the order the server captured. */
export const addPaymentBody = z.object(
  {
    from: text('From').max(100).optional(),
    name: text('Name').max(200).optional(),
    type: text('Type').max(40).optional(),
    paymentDate: text('Payment date').max(100).optional(),
    amount: money,
    status: text('Status').max(40).optional(),
    orderId: orderIdText.optional(),
  },
  { error: MSG.paymentNotCaptured },
);
export type AddPaymentBody = z.input<typeof addPaymentBody>;

export const confirmAnswer = z.object({ msg: z.string() });

export const PAYMENTS_MODES = ['paypal', 'demo'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

/** GET /api/payments/history: the user's captured payments, newest first (docs/product.md §11 "Plan changes"). */
export const paymentHistoryAnswer = z.object({
  payments: z.array(
    z.object({
      orderId: z.string(),
      /** ISO time of the capture. */
      date: z.string(),
      plan: z.string(),
      /** Charged, e.g. "96.82". */
      amount: z.string(),
      currency: z.string(),
      status: z.string(),
      /** ISO date-time at which this payment's plan starts, while it waits for the current one to end. */
      startsAt: z.string().optional(),
    }),
  ),
  /**
   * ISO end of the plan in force, null without one: the overlay says from it, to the day,
   * when a queued plan would start (the profile's whole days left cannot).
   */
  planEndsAt: z.string().nullable(),
});
export type PaymentHistoryAnswer = z.infer<typeof paymentHistoryAnswer>;
