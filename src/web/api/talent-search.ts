/** GET /api/studio/talent: the studio's talent search, page by page (docs/talent.md). */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TalentAnswer } from '../../contract/talent';
import { api } from './client';
import { queryClient } from './query-client';

export const TALENT_FILTERS = ['q', 'profession', 'gender', 'ageMin', 'ageMax', 'heightMin', 'heightMax', 'location', 'has', 'skill', 'language', 'union', 'availableFrom', 'availableTo'] as const;
export type TalentFilters = Record<(typeof TALENT_FILTERS)[number], string>;

export function getTalent(filters: TalentFilters, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const key of TALENT_FILTERS) if (filters[key]) params.set(key, filters[key]);
  if (cursor) params.set('cursor', cursor);
  return api<TalentAnswer>(`/api/studio/talent?${params.toString()}`, { signal });
}

/** `enabled` false holds the search back, e.g. while the filters have errors to mend first. */
export const useTalentSearch = (filters: TalentFilters, enabled = true) =>
  useInfiniteQuery(
    {
      queryKey: ['talent', 'search', filters],
      enabled,
      queryFn: ({ pageParam, signal }) => getTalent(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    },
    queryClient,
  );
