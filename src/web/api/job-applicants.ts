/** GET /api/studio/jobs/{id}/applications: a job's applicants for the studio's board; moves refresh it. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewBody, StudioApplication, StudioApplicationsAnswer, StudioStatus } from '../../contract/applications';
import { api } from './client';
import { queryClient } from './query-client';
import { applicantKey, jobApplicantsKey } from './applicant-keys';


/** `roleId` ('' for every role) lists one role's applicants (docs/applications.md). */
export const getJobApplicants = (jobId: string, signal?: AbortSignal, roleId = '') =>
  api<StudioApplicationsAnswer>(`/api/studio/jobs/${encodeURIComponent(jobId)}/applications${roleId ? `?roleId=${encodeURIComponent(roleId)}` : ''}`, { signal });

export const useJobApplicants = (jobId: string, roleId = '') =>
  useQuery(
    // Another role's list keeps the last one on screen while it loads: the board (and the
    // filter that has the keyboard's focus) stays, rather than a loading line (issue 49 item 9).
    { queryKey: [...jobApplicantsKey(jobId), roleId], queryFn: ({ signal }) => getJobApplicants(jobId, signal, roleId), select: (a) => a.applications, placeholderData: keepPreviousData },
    queryClient,
  );

export async function setApplicationStatus(app: StudioApplication, status: StudioStatus) {
  const changed = await api<StudioApplication>(`/api/studio/applications/${encodeURIComponent(app._id)}/status`, { json: { status } });
  await queryClient.invalidateQueries({ queryKey: jobApplicantsKey(app.jobId) });
  return changed;
}

export async function reviewApplication(app: StudioApplication, body: ReviewBody) {
  const changed = await api<StudioApplication>(`/api/studio/applications/${encodeURIComponent(app._id)}/review`, { method: 'PUT', json: body });
  // The card shows everyone's ratings and the average (docs/team.md): it takes the answer as is.
  queryClient.setQueryData(applicantKey(app._id), changed);
  await queryClient.invalidateQueries({ queryKey: jobApplicantsKey(app.jobId) });
  return changed;
}
