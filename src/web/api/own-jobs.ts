/** GET /api/studio/jobs: the studio's own jobs with their applicant counts (/dashboard, the applicant board). */
import { useQuery } from '@tanstack/react-query';
import type { OwnJob } from '../../contract/jobs';
import { getOwnJobs } from './jobs';
import { queryClient } from './query-client';

/** The same key /dashboard reads, so the board opens from its cache. */
export const ownJobsKey = ['studio', 'jobs'] as const;

export const useOwnJobs = () => useQuery({ queryKey: ownJobsKey, queryFn: ({ signal }) => getOwnJobs(signal) }, queryClient);

/** One of the studio's jobs out of its list; `undefined` data while loading, `null` when it is not the studio's. */
export const useOwnJob = (id: string) =>
  useQuery({ queryKey: ownJobsKey, queryFn: ({ signal }) => getOwnJobs(signal), select: (a): OwnJob | null => a.jobs.find((j) => j._id === id) ?? null }, queryClient);
