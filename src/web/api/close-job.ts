/**
 * POST /api/studio/jobs/{id}/close { reason?, note? }: closes the job and its undecided
 * applications with the reason (role_closed by default); their audition times are cancelled
 * and their tape requests end (docs/applications.md, "What a decision or a close ends").
 */
import type { CloseJobBody } from '../../contract/decisions';
import type { JobPost } from '../../contract/jobs';
import { api } from './client';
import { jobSlotsKey } from './job-slots';
import { jobTapeRequestsKey } from './job-tape-requests';
import { applicationsKey, ownJobsKey } from './own-jobs';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';
import { useWrite, type WriteHandlers } from './use-write';

export async function closeJobWithReason(jobId: string, body: CloseJobBody = {}) {
  const job = await api<JobPost>(`/api/studio/jobs/${encodeURIComponent(jobId)}/close`, { json: body });
  // The job moves to the closed list; its undecided applications (its board's too) are closed,
  // their times leave the schedule and their tape requests end.
  await Promise.all([ownJobsKey, applicationsKey, studioJobKey(jobId), jobSlotsKey(jobId), jobTapeRequestsKey(jobId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return job;
}

/**
 * What a close takes: the body, and the lines its question showed when it was confirmed. The
 * toast says those lines again: the write refetches the job's answer before it resolves, and
 * after the close that answer has nobody waiting, so lines read from it then would say otherwise.
 */
export interface CloseVars {
  body: CloseJobBody;
  said: readonly string[];
}

/** Closes the job, from the close question (CloseJobDialog). */
export function useCloseJob<K extends string = never>(jobId: string, handlers: WriteHandlers<CloseVars, JobPost, K>) {
  return useWrite(({ body }: CloseVars) => closeJobWithReason(jobId, body), handlers);
}
