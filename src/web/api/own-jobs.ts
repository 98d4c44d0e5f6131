/** GET /api/studio/jobs: the signed-in studio's own jobs (dashboard and job form). */
import { useQuery } from '@tanstack/react-query';
import { getOwnJobs } from './jobs';
import { queryClient } from './query-client';

export const ownJobsKey = ['studio', 'jobs'] as const;
/** Every read of applications (a closed job closes its undecided ones too). */
export const applicationsKey = ['applications'] as const;

export const useOwnJobs = (enabled = true) =>
  useQuery({ queryKey: ownJobsKey, queryFn: ({ signal }) => getOwnJobs(signal), enabled }, queryClient);
