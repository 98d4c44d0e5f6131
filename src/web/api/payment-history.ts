/** GET /api/payments/history: the user's past payments, shown on /subscription. */
import { useQuery } from '@tanstack/react-query';
import type { PaymentHistoryAnswer } from '../../contract/payments';
import { api } from './client';
import { queryClient } from './query-client';

export const paymentHistoryKey = ['payments', 'history'] as const;

export const getPaymentHistory = (signal?: AbortSignal) => api<PaymentHistoryAnswer>('/api/payments/history', { signal });

export const usePaymentHistory = () =>
  useQuery({ queryKey: paymentHistoryKey, queryFn: ({ signal }) => getPaymentHistory(signal), }, queryClient);

/** After a capture: read the list again. */
