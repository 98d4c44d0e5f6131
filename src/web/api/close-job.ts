/** POST /api/studio/jobs/{id}/close { reason?, note? }: closes the job and its undecided applications with the reason (role_closed by default). */
import type { CloseJobBody } from '../../contract/decisions';
import type { JobPost } from '../../contract/jobs';
import { api } from './client';
import { jobApplicantsKey } from './job-applicants';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';

export async function closeJobWithReason(jobId: string, body: CloseJobBody = {}) {
  const job = await api<JobPost>(`/api/studio/jobs/${encodeURIComponent(jobId)}/close`, { json: body });
  await Promise.all([queryClient.invalidateQueries({ queryKey: jobApplicantsKey(jobId) }), queryClient.invalidateQueries({ queryKey: studioJobKey(jobId) })]);
  return job;
}
