/** POST /api/studio/applications/{id}/undo: puts back the status before a booking or decline, within 30 s (else 409 undo_expired). */
import type { StudioApplication } from '../../contract/applications';
import { applicantKey } from './applicant-keys';
import { api } from './client';
import { jobApplicantsKey } from './applicant-keys';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';

export async function undoDecision(app: Pick<StudioApplication, '_id' | 'jobId'>) {
  const back = await api<StudioApplication>(`/api/studio/applications/${encodeURIComponent(app._id)}/undo`, { method: 'POST', json: {} });
  queryClient.setQueryData(applicantKey(app._id), back);
  await Promise.all([queryClient.invalidateQueries({ queryKey: jobApplicantsKey(app.jobId) }), queryClient.invalidateQueries({ queryKey: studioJobKey(app.jobId) })]);
  return back;
}
