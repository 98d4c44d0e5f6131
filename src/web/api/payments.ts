/** The server-side payment calls (docs/product.md §7): create an order for a plan, capture it. */
import type { CaptureAnswer, CreateOrderAnswer } from '../../contract/payments';
import type { PlanName } from '../../contract/plans';
import { api } from './client';
import { jobPagesKey } from './job-page';
import { paymentHistoryKey } from './payment-history';
import { queryClient } from './query-client';
import { userDataKey } from './user-data';
import { useWrite, type WriteHandlers } from './use-write';

export const createPaymentOrder = (plan: PlanName) => api<CreateOrderAnswer>('/api/payments/orders', { json: { plan } });

/** "The subscription call" of docs/product.md §4: records the plan and the payment on the server. */
export async function capturePaymentOrder(orderId: string) {
  const answer = await api<CaptureAnswer>(`/api/payments/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST' });
  // The plan shows everywhere: the profile's plan and days, the history, and each job page's applications left.
  for (const queryKey of [userDataKey, paymentHistoryKey, jobPagesKey()]) void queryClient.invalidateQueries({ queryKey });
  return answer;
}

/** Creates the order the checkout pays (its id goes to the payment provider). */
export function useCreatePaymentOrder(handlers: WriteHandlers<PlanName, CreateOrderAnswer, never>) {
  return useWrite(createPaymentOrder, handlers);
}

/** Captures an approved order, behind the loading overlay. */
export function useCapturePaymentOrder(handlers: WriteHandlers<string, CaptureAnswer, never>) {
  return useWrite(capturePaymentOrder, handlers);
}
