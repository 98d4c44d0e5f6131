/** POST /api/studio/jobs/{id}/close { reason?, note? }: closes the job and its undecided applications with the reason (role_closed by default). */
import type { CloseJobBody } from '../../contract/decisions';
import type { JobPost } from '../../contract/jobs';
import { api } from './client';
import { applicationsKey, ownJobsKey } from './own-jobs';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';

export async function closeJobWithReason(jobId: string, body: CloseJobBody = {}) {
  const job = await api<JobPost>(`/api/studio/jobs/${encodeURIComponent(jobId)}/close`, { json: body });
  // The job moves to the closed list, and its undecided applications (its board's too) are closed with it.
  await Promise.all([ownJobsKey, applicationsKey, studioJobKey(jobId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return job;
}
