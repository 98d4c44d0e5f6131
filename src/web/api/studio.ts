/** GET /api/studio/{id}: one studio, read once per visit (no token). */
import { useQuery } from '@tanstack/react-query';
import type { Studio } from '../../contract/studios';
import { api } from './client';
import { queryClient } from './query-client';

export const studioKey = (id: string) => ['studios', 'one', id] as const;

export const getStudio = (id: string, signal?: AbortSignal) =>
  api<Studio>(`/api/studio/${encodeURIComponent(id)}`, { auth: false, signal });

export const useStudio = (id: string) => useQuery({ queryKey: studioKey(id), queryFn: ({ signal }) => getStudio(id, signal) }, queryClient);
