/** GET /api/studio/jobs: the signed-in studio's own jobs with their applicant counts (/dashboard, the job form, the applicant board). */
import { useQuery } from '@tanstack/react-query';
import type { OwnJob } from '../../contract/jobs';
import { getOwnJobs } from './jobs';
import { queryClient } from './query-client';

export const ownJobsKey = ['studio', 'jobs'] as const;
/** Every read of applications (a closed job closes its undecided ones too). */
export const applicationsKey = ['applications'] as const;

export const useOwnJobs = (enabled = true) =>
  useQuery({ queryKey: ownJobsKey, queryFn: ({ signal }) => getOwnJobs(signal), enabled }, queryClient);

/** One of the studio's jobs out of its list (the same key, so the board opens from its cache); `null` when it is not the studio's. */
export const useOwnJob = (id: string) =>
  useQuery({ queryKey: ownJobsKey, queryFn: ({ signal }) => getOwnJobs(signal), select: (a): OwnJob | null => a.jobs.find((j) => j._id === id) ?? null }, queryClient);
