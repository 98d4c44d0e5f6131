/**
 * Subscriptions and payments (docs/product.md §3, §4, §7, §11). The server creates the
 * order for a plan, captures it, verifies what the provider reports, and records the
 * subscription and the spec's payment record in one transaction, once per order. The
 * spec's two reporting calls only confirm an order captured here for the same user.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '../../../contract/messages.js';
import { planChange, type HeldPlan } from '../../../contract/plan-change.js';
import { NO_QUEUE, planInForce, type PlanInForce, type StoredPlan } from '../../../contract/plan-in-force.js';
import type { AddPaymentBody, CaptureAnswer, PaymentHistoryAnswer, SubscriptionDataBody } from '../../../contract/payments.js';
import { findPlan, PAYMENT_CURRENCY, PAYMENT_RECORD, SUBSCRIPTION_DAYS, type Plan } from '../../../contract/plans.js';
import {
  assertCaptureMatches,
  PaymentError,
  toCents,
  type CapturedOrder,
  type WebhookTransmission,
} from '../../adapters/payments/provider.js';
import type { AppContext } from '../../context.js';
import { paymentOrders, payments, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { DAY_MS } from '../../../contract/plan-change.js';
import { daysLeft } from '../../lib/days.js';
import { storedPlanColumns } from './stored-plan.js';

type OrderRow = typeof paymentOrders.$inferSelect;

const NO_PLAN: StoredPlan = { subscriptionName: '', subscriptionPrice: 0, subscriptionStart: null, subscriptionEnd: null, ...NO_QUEUE };

/** The users row's plan columns holding the plan in force: a queued plan that took over is written in. */
const inForce = (p: PlanInForce) => ({
  subscriptionName: p.name,
  subscriptionPrice: p.price,
  subscriptionStart: p.start,
  subscriptionEnd: p.end,
  ...(p.queued ? {} : NO_QUEUE),
});

/** What `planChange` needs of the plan in force. */
const heldOf = (p: PlanInForce): HeldPlan => ({ name: p.name, price: p.price, end: p.end, queued: p.queued?.name });

/** Orders a user may create an hour: generous for retries, a stop for scripts hammering PayPal. */
const ORDER_LIMIT = { limit: 30, windowSec: 3600 } as const;

const captureEvent = z.object({
  event_type: z.string(),
  resource: z
    .object({
      id: z.string().min(1).max(64),
      status: z.string(),
      amount: z.object({ currency_code: z.string(), value: z.string() }),
      custom_id: z.string().optional(),
      supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().max(64).optional() }) }).optional(),
    })
    .optional(),
});

/** What became of a webhook call that passed the signature check. */
type WebhookOutcome = 'recorded' | 'already-recorded' | 'ignored';

export function createSubscriptionsService(ctx: AppContext) {
  const { db, payments: provider } = ctx;

  async function orderById(id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    return row;
  }

  function planOf(order: OrderRow): Plan {
    const plan = findPlan(order.plan);
    if (!plan) throw new Error(`order ${order.id} names an unknown plan ${order.plan}`);
    return plan;
  }

  /** Turns a provider failure into the answer the user sees; nothing was recorded. */
  function refusal(err: unknown, orderId: string, log: FastifyBaseLogger): Error {
    if (!(err instanceof PaymentError)) return err as Error;
    switch (err.failure) {
      case 'declined':
        log.warn({ orderId, reason: err.message }, 'payment declined');
        return errors.paymentRequired(MSG.paymentDeclined);
      case 'pending':
        log.warn({ orderId, reason: err.message }, 'payment pending');
        return errors.paymentRequired(MSG.paymentPending);
      case 'refused':
        log.warn({ orderId, reason: err.message }, 'payment not completed');
        return errors.paymentRequired(MSG.paymentNotCompleted);
      case 'not_found':
        return errors.notFound(MSG.orderNotFound);
      case 'mismatch':
        // Money may have moved for the wrong amount: a person has to look at it.
        log.error({ orderId, reason: err.message }, 'captured amount does not match the plan');
        return errors.badGateway(MSG.paymentMismatch);
      case 'unavailable':
        log.error({ orderId, reason: err.message }, 'payment provider unavailable');
        return errors.badGateway(MSG.paymentProviderDown);
    }
  }

  /**
   * Records a verified capture: the order turns COMPLETED, the user gets the plan (or has it
   * queued) and the payment record is written, all in one transaction. Only the caller
   * that moves the order out of CREATED writes; every other (repeated, concurrent,
   * webhook) finds it done and changes nothing. Answers whether this call recorded it.
   */
  async function record(order: OrderRow, capture: CapturedOrder): Promise<boolean> {
    const plan = planOf(order);
    const now = new Date();
    const userId = order.userId;
    // The account was deleted after ordering: there is nobody to give the plan to.
    if (!userId) return false;
    return db.transaction(async (tx) => {
      // The plan held is read locked: two captures at once each build on the other's result.
      const [stored] = await tx.select(storedPlanColumns).from(users).where(eq(users.id, userId)).for('update');
      const [claimed] = await tx
        .update(paymentOrders)
        .set({ status: 'COMPLETED', captureId: capture.captureId, capturedAt: now })
        .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'CREATED')))
        .returning({ id: paymentOrders.id });
      if (!claimed) return false;
      // docs/product.md §11.10: nothing paid is lost. A queued plan that has taken over is
      // written in first, so the change is worked out from the plan in force.
      const held = planInForce(stored ?? NO_PLAN, now.getTime());
      const change = planChange(heldOf(held), plan, now);
      let kept;
      switch (change.kind) {
        case 'queue':
          // Paid now, starts when the plan in force ends (contract/plan-in-force.ts).
          kept = { ...inForce(held), queuedPlanName: plan.name, queuedPlanPrice: Number(plan.priceUsd), queuedOrderId: order.id };
          break;
        case 'queue-full':
          // Refused when ordered; one ordered before the other was queued and captured after
          // it still buys days: the plan in force is extended by its value.
          kept = { ...inForce(held), subscriptionEnd: new Date(change.startsAt.getTime() + (SUBSCRIPTION_DAYS * DAY_MS * Number(plan.priceUsd)) / (held.price || 1)) };
          break;
        default:
          kept = {
            // A plan still waiting keeps waiting, now behind this one's end.
            ...(held.queued ? {} : NO_QUEUE),
            subscriptionName: plan.name,
            subscriptionPrice: Number(plan.priceUsd),
            subscriptionStart: change.kind === 'renew' ? (held.start ?? now) : now,
            subscriptionEnd: change.endsAt,
          };
      }
      const [user] = await tx
        .update(users)
        .set({ ...kept, version: sql`${users.version} + 1` })
        .where(eq(users.id, userId))
        .returning({ fname: users.fname });
      if (!user) throw new Error(`order ${order.id} belongs to no user`);
      await tx.insert(payments).values({
        userId,
        orderId: order.id,
        captureId: capture.captureId,
        from: PAYMENT_RECORD.from,
        name: user.fname,
        type: PAYMENT_RECORD.type,
        paymentDate: now.toLocaleDateString('en-US'),
        amount: plan.priceUsd,
        status: PAYMENT_RECORD.status,
      });
      return true;
    });
  }

  async function answerFor(orderId: string): Promise<CaptureAnswer> {
    const [row] = await db
      .select({ plan: paymentOrders.plan, captureId: paymentOrders.captureId, amount: paymentOrders.amount, stored: storedPlanColumns, queuedOrderId: users.queuedOrderId })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(eq(paymentOrders.id, orderId));
    if (!row?.captureId) throw new Error(`order ${orderId} has no capture`);
    const held = planInForce(row.stored);
    // The plan this order bought still waits: the answer says when it starts and ends.
    const waits = held.queued && row.queuedOrderId === orderId ? held.queued : null;
    const end = waits ? waits.end : held.end;
    return {
      orderId,
      captureId: row.captureId,
      subscriptionName: row.plan,
      subscriptionPrice: Number(row.amount),
      subscriptionEnd: end?.toISOString() ?? '',
      daysLeft: daysLeft(end),
      ...(waits ? { startsAt: waits.start.toISOString() } : {}),
    };
  }

  /** The order if this user's server-side capture completed; otherwise 402 and nothing changes. */
  async function capturedOrderOf(userId: string, orderId: string | undefined): Promise<OrderRow> {
    const order = orderId ? await orderById(orderId) : undefined;
    if (!order || order.userId !== userId || order.status !== 'COMPLETED') {
      throw errors.paymentRequired(MSG.paymentNotCaptured);
    }
    return order;
  }

  const sameAmount = (a: number | string, b: string) => toCents(String(a)) === toCents(b);

  return {
    /** Creates the provider's order for a plan; the amount comes from the plan table only. */
    async createOrder(userId: string, plan: Plan, log: FastifyBaseLogger): Promise<{ id: string }> {
      await enforceLimit(ctx, `payment-orders:user:${userId}`, ORDER_LIMIT);
      // A cheaper plan while a dearer one runs is queued; one plan waits at a time (docs/product.md §11.10).
      const [stored] = await db.select(storedPlanColumns).from(users).where(eq(users.id, userId));
      const change = planChange(heldOf(planInForce(stored ?? NO_PLAN)), plan, new Date());
      if (change.kind === 'queue-full') {
        throw errors.planAlreadyQueued(change.waiting, change.startsAt);
      }
      let created;
      try {
        // PayPal's idempotency key: made here, never taken from a client header (x-request-id).
        created = await provider.createOrder(plan, userId, `order-${randomUUID()}`);
      } catch (err) {
        throw refusal(err, '(new)', log);
      }
      await db.insert(paymentOrders).values({
        id: created.id,
        userId,
        provider: provider.mode,
        plan: plan.name,
        amount: plan.priceUsd,
        currency: PAYMENT_CURRENCY,
      });
      return { id: created.id };
    },

    /** The user's captured payments, newest first: date, plan, amount charged, status; a plan still waiting says when it starts. */
    async history(userId: string): Promise<PaymentHistoryAnswer> {
      const rows = await db
        .select({ orderId: paymentOrders.id, capturedAt: paymentOrders.capturedAt, plan: paymentOrders.plan, amount: paymentOrders.amount, currency: paymentOrders.currency, status: payments.status, stored: storedPlanColumns, queuedOrderId: users.queuedOrderId })
        .from(paymentOrders)
        .innerJoin(payments, eq(payments.orderId, paymentOrders.id))
        .innerJoin(users, eq(users.id, paymentOrders.userId))
        .where(eq(paymentOrders.userId, userId))
        .orderBy(desc(paymentOrders.capturedAt));
      const held = rows[0] ? planInForce(rows[0].stored) : null;
      const waits = held?.queued;
      return {
        planEndsAt: held?.end && held.end.getTime() > Date.now() ? held.end.toISOString() : null,
        payments: rows.map((r) => ({
          orderId: r.orderId,
          date: (r.capturedAt ?? new Date(0)).toISOString(),
          plan: r.plan,
          amount: r.amount,
          currency: r.currency,
          status: r.status,
          ...(waits && r.orderId === r.queuedOrderId ? { startsAt: waits.start.toISOString() } : {}),
        })),
      };
    },

    /** Captures this user's order and records it once; a repeated capture answers the same. */
    async capture(userId: string, orderId: string, log: FastifyBaseLogger): Promise<CaptureAnswer> {
      const order = await orderById(orderId);
      // Another user's order is answered exactly like one that does not exist.
      if (!order || order.userId !== userId) throw errors.notFound(MSG.orderNotFound);
      if (order.status === 'COMPLETED') return answerFor(order.id);
      try {
        // A fixed request id per order: a retry after a lost answer replays PayPal's answer.
        const captured = await provider.captureOrder(order.id, `capture-${order.id}`);
        assertCaptureMatches(captured, planOf(order), order.currency);
        if (await record(order, captured)) log.info({ orderId, captureId: captured.captureId }, 'subscription recorded');
      } catch (err) {
        throw refusal(err, order.id, log);
      }
      return answerFor(order.id);
    },

    /** Spec's subscriptionData: confirms a captured order for this plan; never grants one. */
    async confirmSubscription(userId: string, body: SubscriptionDataBody): Promise<void> {
      const order = await capturedOrderOf(userId, body.orderId);
      const plan = findPlan(body.subscriptionName);
      if (!plan || plan.name !== order.plan || !sameAmount(body.subscriptionPrice, order.amount)) {
        throw errors.paymentRequired(MSG.paymentNotCaptured);
      }
    },

    /** Spec's addPayment: confirms the payment record the capture wrote; never writes one. */
    async confirmPayment(userId: string, body: AddPaymentBody): Promise<void> {
      const order = await capturedOrderOf(userId, body.orderId);
      if (!sameAmount(body.amount, order.amount)) throw errors.paymentRequired(MSG.paymentNotCaptured);
    },

    /**
     * A PayPal webhook call: refused unless PayPal confirms its signature; a completed
     * capture of one of our orders is recorded if the browser never reported it.
     */
    async webhook(transmission: Partial<WebhookTransmission>, rawBody: string, log: FastifyBaseLogger): Promise<WebhookOutcome> {
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw errors.badRequest(MSG.invalidBody);
      }
      const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = transmission;
      if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) {
        throw errors.badSignature();
      }
      let genuine: boolean;
      try {
        genuine = await provider.verifyWebhook({ authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime }, rawBody);
      } catch (err) {
        // PayPal retries a webhook that was not answered 2xx, so an outage loses nothing.
        throw refusal(err, '(webhook)', log);
      }
      if (!genuine) {
        log.warn({ transmissionId }, 'webhook signature refused');
        throw errors.badSignature();
      }
      const parsed = captureEvent.safeParse(event);
      if (!parsed.success || parsed.data.event_type !== 'PAYMENT.CAPTURE.COMPLETED' || !parsed.data.resource) return 'ignored';
      const capture = parsed.data.resource;
      const orderId = capture.supplementary_data?.related_ids.order_id;
      const order = orderId ? await orderById(orderId) : undefined;
      if (!order || (capture.custom_id !== undefined && capture.custom_id !== order.userId)) {
        log.warn({ orderId, captureId: capture.id }, 'webhook capture for an order we do not know');
        return 'ignored';
      }
      if (order.status === 'COMPLETED') return 'already-recorded';
      const captured: CapturedOrder = {
        orderId: order.id,
        captureId: capture.id,
        amount: capture.amount.value,
        currency: capture.amount.currency_code,
      };
      try {
        if (capture.status !== 'COMPLETED') return 'ignored';
        assertCaptureMatches(captured, planOf(order), order.currency);
      } catch (err) {
        log.error({ orderId, reason: (err as Error).message }, 'webhook capture does not match the plan');
        return 'ignored';
      }
      const recorded = await record(order, captured);
      if (recorded) log.info({ orderId, captureId: capture.id }, 'subscription recorded from webhook');
      return recorded ? 'recorded' : 'already-recorded';
    },
  };
}
