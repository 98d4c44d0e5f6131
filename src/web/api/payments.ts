/** The server-side payment calls (docs/product.md §7): create an order for a plan, capture it. */
import type { CaptureAnswer, CreateOrderAnswer } from '../../contract/payments';
import type { PlanName } from '../../contract/plans';
import { api } from './client';

export const createPaymentOrder = (plan: PlanName) => api<CreateOrderAnswer>('/api/payments/orders', { json: { plan } });

/** "The subscription call" of docs/product.md §4: records the plan and the payment on the server. */
export const capturePaymentOrder = (orderId: string) =>
  api<CaptureAnswer>(`/api/payments/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST' });
