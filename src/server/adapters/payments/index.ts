/** Chooses the payments provider once from config: config.ts has already decided PAYMENTS and checked PayPal's credentials. */
import type { Env } from '../../config.js';
import { createDemoProvider } from './demo.js';
import { createPayPalProvider } from './paypal.js';
import type { PaymentsProvider } from './provider.js';

export type { PaymentsProvider } from './provider.js';

export function createPaymentsProvider(env: Env): PaymentsProvider {
  if (env.PAYMENTS === 'paypal' && env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET) {
    return createPayPalProvider({
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiBase: env.PAYPAL_API_BASE,
      webhookId: env.PAYPAL_WEBHOOK_ID,
    });
  }
  return createDemoProvider();
}
