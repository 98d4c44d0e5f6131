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
  /**
   * Seconds a booking or decline can be undone: the server's window (docs/applications.md,
   * "Decisions"), the spec's DECISION_LIMITS.undoSeconds unless the server is set otherwise.
   */
  undoSeconds: z.number().int().positive(),
});
export type AppConfig = z.infer<typeof appConfigAnswer>;
