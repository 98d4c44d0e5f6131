/**
 * The payments adapter: create an order for a plan, capture it, verify a webhook.
 * Providers answer verified data or throw one of the typed errors below; they never
 * write to the database.
 */
import type { PaymentsMode } from '../../../contract/payments.js';
import type { Plan } from '../../../contract/plans.js';

export interface CreatedOrder {
  id: string;
}

/** A capture the provider reported COMPLETED, for an order it reported COMPLETED. */
export interface CapturedOrder {
  orderId: string;
  captureId: string;
  /** As the provider wrote it, e.g. "60.51". */
  amount: string;
  currency: string;
}

/** The five PAYPAL-* transmission headers of a webhook call. */
export interface WebhookTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export interface PaymentsProvider {
  readonly mode: PaymentsMode;
  /** The client id the browser's SDK needs; '' for the demo. */
  readonly clientId: string;
  createOrder(plan: Plan, userId: string, requestId: string): Promise<CreatedOrder>;
  /** Captures an approved order; the same requestId makes a retry safe. */
  captureOrder(orderId: string, requestId: string): Promise<CapturedOrder>;
  /** Asks the provider whether a webhook call is genuine; rawBody is the event exactly as received. */
  verifyWebhook(transmission: WebhookTransmission, rawBody: string): Promise<boolean>;
}

export type PaymentFailure = 'declined' | 'pending' | 'mismatch' | 'unavailable' | 'not_found' | 'refused';

export class PaymentError extends Error {
  constructor(
    readonly failure: PaymentFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentError';
  }
}

/** "60.51" -> 6051; anything that is not a plain decimal with at most 2 places -> NaN. */
export function toCents(value: string): number {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : Number.NaN;
}

/** Throws a 'mismatch' PaymentError unless the capture is exactly the plan's price in the given currency. */
export function assertCaptureMatches(capture: CapturedOrder, plan: Plan, currency: string): void {
  if (capture.currency !== currency || toCents(capture.amount) !== toCents(plan.priceUsd)) {
    throw new PaymentError(
      'mismatch',
      `capture ${capture.captureId} of order ${capture.orderId} is ${capture.amount} ${capture.currency}, expected ${plan.priceUsd} ${currency}`,
    );
  }
}
