/**
 * showAllStudioList: the live search. Each text is its own query, so only the answer to
 * the newest text is ever shown; a read for a text the user has typed past is aborted
 * (its query has no screen left), and an answer that still arrives late lands in its own
 * cache entry, never on screen. Sends the token when there is one, works without.
 */
import { useQuery } from '@tanstack/react-query';
import { STUDIO_LIMITS } from '../../contract/studio-limits';
import type { Studio } from '../../contract/studios';
import { api } from './client';
import { queryClient } from './query-client';

export const searchStudios = (text: string, signal?: AbortSignal) =>
  api<Studio[]>(`/api/showAllStudioList?search=${encodeURIComponent(text)}`, { signal });

/** The matches for `text` (trimmed); null while unknown or when the text is empty. */
export function useStudioSearch(text: string): Studio[] | null {
  const q = text.trim().slice(0, STUDIO_LIMITS.searchTextMax);
  const search = useQuery({
    queryKey: ['studios', 'search', q],
    queryFn: ({ signal }) => searchStudios(q, signal),
    enabled: q.length > 0,
    staleTime: 30_000,
  }, queryClient);
  if (!q) return null;
  // Fetch errors are not surfaced: the list says nothing matched.
  if (search.isError) return [];
  return search.data ?? null;
}
