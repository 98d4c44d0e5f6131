/** What the payment overlay gives a checkout widget (PayPal buttons or the demo button). */
import type { Plan } from '../../../contract/plans';

export type CheckoutFailure = 'script' | 'render' | 'payment';

export interface CheckoutProps {
  plan: Plan;
  /** Asks the server to create the order; answers its id. A failure is already shown when it throws. */
  createOrder(): Promise<string>;
  /** Asks the server to capture the approved order; shows the outcome itself. */
  approve(orderId: string): Promise<void>;
  /** Shows a failure in words; `detail` is the provider's or server's own text, when there is one. */
  fail(kind: CheckoutFailure, detail?: string): void;
}
