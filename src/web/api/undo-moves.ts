/** POST /api/studio/jobs/{id}/applications/undo { applicationIds }: undoes a batch's bookings or declines as one, within 30 s. */
import type { UndoneApplicationsAnswer } from '../../contract/applications';
import { applicantKey } from './applicant-keys';
import { api } from './client';
import { jobApplicantsKey } from './applicant-keys';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';

export async function undoMoves(jobId: string, applicationIds: string[]) {
  const answer = await api<UndoneApplicationsAnswer>(`/api/studio/jobs/${encodeURIComponent(jobId)}/applications/undo`, { json: { applicationIds } });
  // The board, the job's counts, and the card of each one moved (open or cached).
  await Promise.all([jobApplicantsKey(jobId), studioJobKey(jobId), ...applicationIds.map(applicantKey)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return answer.applications;
}
