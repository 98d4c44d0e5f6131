/** GET /api/talent/{id}: a performer's portfolio (docs/talent.md). Sent with the token when there is one: a studio sees its own rating. */
import { useQuery } from '@tanstack/react-query';
import type { Portfolio } from '../../contract/talent';
import { api } from './client';
import { queryClient } from './query-client';

export const portfolioKey = (id: string) => ['talent', 'portfolio', id] as const;

export const getPortfolio = (id: string, signal?: AbortSignal) => api<Portfolio>(`/api/talent/${encodeURIComponent(id)}`, { signal });

export const usePortfolio = (id: string) => useQuery({ queryKey: portfolioKey(id), queryFn: ({ signal }) => getPortfolio(id, signal) }, queryClient);
