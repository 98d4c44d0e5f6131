/** GET /api/studios/find: /studio's search, location filter and numbered pages (docs/screens.md). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StudioFindAnswer, StudioFindQuery } from '../../contract/studios';
import { api } from './client';
import { queryClient } from './query-client';

/** The call's query as the server reads it (contract/studios.ts). */
export type StudioFindParams = StudioFindQuery;

export const findStudios = (params: StudioFindParams, signal?: AbortSignal) =>
  api<StudioFindAnswer>(`/api/studios/find?${new URLSearchParams({ q: params.q, location: params.location, page: String(params.page) })}`, { signal });

/** The page of matches; the previous page stays on screen while the next one loads. */
export function useStudioFind(params: StudioFindParams, enabled: boolean) {
  return useQuery(
    {
      queryKey: ['studios', 'find', params.q, params.location, params.page],
      queryFn: ({ signal }) => findStudios(params, signal),
      enabled,
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
}
