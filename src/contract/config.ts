/** GET /api/config: what the browser needs to start (docs/product.md §7). */
import { z } from 'zod';
import { PAYMENTS_MODES } from './payments.js';

export const appConfigAnswer = z.object({
  paymentsMode: z.enum(PAYMENTS_MODES),
  /** '' in demo mode. */
  paypalClientId: z.string(),
  /** The PayPal SDK address, without a query string (react-paypal-js `sdkBaseUrl`). */
  paypalSdkUrl: z.string(),
  playStoreUrl: z.string(),
});
export type AppConfig = z.infer<typeof appConfigAnswer>;
