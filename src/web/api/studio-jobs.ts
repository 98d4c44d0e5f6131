/** GET /api/studio/alljobs/{studioId}: the jobs a studio posted, read once per visit (no token). */
import { useQuery } from '@tanstack/react-query';
import type { JobsAnswer } from '../../contract/studios';
import { api } from './client';
import { queryClient } from './query-client';

export const studioJobsKey = (studioId: string) => ['studios', 'jobs', studioId] as const;

export const getStudioJobs = (studioId: string, signal?: AbortSignal) =>
  api<JobsAnswer>(`/api/studio/alljobs/${encodeURIComponent(studioId)}`, { auth: false, signal });

export const useStudioJobs = (studioId: string) =>
  useQuery({ queryKey: studioJobsKey(studioId), queryFn: ({ signal }) => getStudioJobs(studioId, signal), select: (answer) => answer.post }, queryClient);
