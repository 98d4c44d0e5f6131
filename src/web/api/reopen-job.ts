/** POST /api/studio/jobs/{id}/reopen { deadline? }: a closed job back on the board; its closed applications stay closed. */
import type { ReopenJobBody } from '../../contract/decisions';
import type { JobPost } from '../../contract/jobs';
import { api } from './client';
import { ownJobsKey } from './own-jobs';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';
import { useWrite, type WriteHandlers } from './use-write';

export async function reopenJob(jobId: string, body: ReopenJobBody = {}) {
  const job = await api<JobPost>(`/api/studio/jobs/${encodeURIComponent(jobId)}/reopen`, { json: body });
  await Promise.all([ownJobsKey, studioJobKey(jobId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return job;
}

/** What a reopen takes: the job, and the words its question said (the toast says them again). */
export interface ReopenVars {
  jobId: string;
  said: string;
}

/** Reopens a closed job from /dashboard, after its question. */
export function useReopenJob(handlers: WriteHandlers<ReopenVars, JobPost, never>) {
  return useWrite((vars: ReopenVars) => reopenJob(vars.jobId), handlers);
}
