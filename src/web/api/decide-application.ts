/**
 * POST /api/studio/applications/{id}/status { status, reason?, note? }: one move; a booking
 * or decline can be undone for 30 s (undo-decision.ts) and is told to the performer only then.
 */
import type { StatusBody, StudioApplication } from '../../contract/applications';
import { applicantKey } from './applicant-keys';
import { api } from './client';
import { jobApplicantsKey } from './applicant-keys';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';
import { useWrite, type WriteHandlers } from './use-write';

export async function decideApplication(app: Pick<StudioApplication, '_id' | 'jobId'>, body: StatusBody) {
  const changed = await api<StudioApplication>(`/api/studio/applications/${encodeURIComponent(app._id)}/status`, { json: body });
  queryClient.setQueryData(applicantKey(app._id), changed);
  await Promise.all([queryClient.invalidateQueries({ queryKey: jobApplicantsKey(app.jobId) }), queryClient.invalidateQueries({ queryKey: studioJobKey(app.jobId) })]);
  return changed;
}

type DecideVars = { app: Pick<StudioApplication, '_id' | 'jobId'>; body: StatusBody };

export function useDecideApplication(handlers: WriteHandlers<DecideVars, StudioApplication, never> = {}) {
  return useWrite(({ app, body }: DecideVars) => decideApplication(app, body), handlers);
}
