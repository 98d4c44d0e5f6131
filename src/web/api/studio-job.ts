/** GET /api/studio/jobs/{id}: the studio's own job with `live` counts (who a close tells, which auditions are booked). */
import { useQuery } from '@tanstack/react-query';
import type { StudioJob } from '../../contract/decisions';
import { api } from './client';
import { queryClient } from './query-client';

export const studioJobKey = (jobId: string) => ['studio-jobs', 'one', jobId] as const;

export const getStudioJob = (jobId: string, signal?: AbortSignal) => api<StudioJob>(`/api/studio/jobs/${encodeURIComponent(jobId)}`, { signal });

export const useStudioJob = (jobId: string) => useQuery({ queryKey: studioJobKey(jobId), queryFn: ({ signal }) => getStudioJob(jobId, signal) }, queryClient);

/** The job read afresh, for a question asked on a click (the reopen's): never an old answer. */
export const fetchStudioJob = (jobId: string) => queryClient.fetchQuery({ queryKey: studioJobKey(jobId), queryFn: ({ signal }) => getStudioJob(jobId, signal), staleTime: 0 });
