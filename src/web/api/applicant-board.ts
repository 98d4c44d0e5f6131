/**
 * GET /api/studio/jobs/{id}/applications a page at a time, for the applicant board
 * (docs/applications.md, "The applicant board"): 50 a page in the order asked for, each
 * page with the job's counts by status and role. The filters are part of the key, so a
 * change of role, status or order starts again from the first page (no cursor). Moves
 * invalidate `jobApplicantsKey`, which refetches every page loaded from its own cursor.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ApplicantsQuery, StudioApplicationsAnswer } from '../../contract/applications';
import { APPLICATION_LIMITS } from '../../contract/applications-limits';
import { jobApplicantsKey } from './applicant-keys';
import { api } from './client';
import { queryClient } from './query-client';

/** What the board narrows and orders by: the call's query without its paging. */
export type ApplicantFilters = Omit<ApplicantsQuery, 'cursor' | 'limit'>;

export function getApplicantPage(jobId: string, filters: ApplicantFilters, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(APPLICATION_LIMITS.listPage) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set('cursor', cursor);
  return api<StudioApplicationsAnswer>(`/api/studio/jobs/${encodeURIComponent(jobId)}/applications?${params.toString()}`, { signal });
}

export const useApplicantBoard = (jobId: string, filters: ApplicantFilters) =>
  useInfiniteQuery(
    {
      queryKey: [...jobApplicantsKey(jobId), 'board', filters],
      queryFn: ({ pageParam, signal }) => getApplicantPage(jobId, filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      // Other filters keep the last list on screen while they load: the board (and the filter
      // that has the keyboard's focus) stays, rather than a loading line (issue 49 item 9).
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
