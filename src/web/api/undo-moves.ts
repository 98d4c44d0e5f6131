/** POST /api/studio/jobs/{id}/applications/undo { applicationIds }: undoes a batch's bookings or declines as one, within 30 s. */
import type { UndoneApplicationsAnswer } from '../../contract/applications';
import { applicantKey } from './applicant-keys';
import { api } from './client';
import { jobApplicantsKey } from './applicant-keys';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';
import { undoDecision } from './undo-decision';
import { useWrite, type WriteHandlers } from './use-write';

export async function undoMoves(jobId: string, applicationIds: string[]) {
  const answer = await api<UndoneApplicationsAnswer>(`/api/studio/jobs/${encodeURIComponent(jobId)}/applications/undo`, { json: { applicationIds } });
  // The board, the job's counts, and the card of each one moved (open or cached).
  await Promise.all([jobApplicantsKey(jobId), studioJobKey(jobId), ...applicationIds.map(applicantKey)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return answer.applications;
}

export interface UndoVars {
  jobId: string;
  /** The applications the last decision or move changed: one goes through its own undo route (undo-decision.ts), more as a batch. */
  ids: string[];
}

/** The board's Undo as a write hook: one decision or a batch's moves back, with the reads they change (docs/architecture.md, "Web forms and data"). */
export const useUndoMoves = (handlers: WriteHandlers<UndoVars, unknown, never> = {}) =>
  useWrite(({ jobId, ids }: UndoVars) => (ids.length === 1 ? undoDecision({ _id: ids[0]!, jobId }) : undoMoves(jobId, ids)), handlers);
