/** GET /api/admin/studios: the studios to verify first, filtered by verified or not (docs/marketplace.md). */
import { useQuery } from '@tanstack/react-query';
import type { AdminStudiosAnswer } from '../../contract/admin';
import { api } from './client';
import { queryClient } from './query-client';

/** '' lists every studio; 'false' the ones to verify; 'true' the verified. */
export type StudioFilter = '' | 'true' | 'false';

export const adminStudiosKey = (filter: StudioFilter) => ['admin', 'studios', filter] as const;

export const getAdminStudios = (filter: StudioFilter, signal?: AbortSignal) =>
  api<AdminStudiosAnswer>(`/api/admin/studios${filter ? `?verified=${filter}` : ''}`, { signal });

export const useAdminStudios = (filter: StudioFilter) =>
  useQuery({ queryKey: adminStudiosKey(filter), queryFn: ({ signal }) => getAdminStudios(filter, signal), select: (a) => a.studios }, queryClient);
