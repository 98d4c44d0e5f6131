/**
 * The offline demo checkout, used when PayPal is not configured (docs/product.md §12): orders
 * are captured at once and no money moves. It keeps no state, so any instance can
 * capture an order another created: the order id carries the amount it was made for.
 */
import { randomUUID } from 'node:crypto';
import { PAYMENT_CURRENCY, type Plan } from '../../../contract/plans.js';
import { PaymentError, type PaymentsProvider } from './provider.js';

const DEMO_ORDER = /^DEMO-(\d{1,9})-([0-9a-f]{32})$/;

export function createDemoProvider(): PaymentsProvider {
  return {
    mode: 'demo',
    clientId: '',

    async createOrder(plan: Plan) {
      const cents = plan.priceUsd.replace('.', '');
      return { id: `DEMO-${cents}-${randomUUID().replaceAll('-', '')}` };
    },

    async captureOrder(orderId: string) {
      const match = DEMO_ORDER.exec(orderId);
      if (!match) throw new PaymentError('not_found', `not a demo order: ${orderId}`);
      const cents = Number(match[1]);
      return {
        orderId,
        captureId: `DEMOCAP-${match[2]}`,
        amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
        currency: PAYMENT_CURRENCY,
      };
    },

    async verifyWebhook() {
      // No one sends the demo webhooks.
      return false;
    },
  };
}
