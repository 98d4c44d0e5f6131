/**
 * POST /api/studio/jobs/{id}/applications/status { applicationIds, status, reason?, note? }:
 * moves them all or none; the answer's `undo.until` says how long undo-moves.ts can undo the batch.
 */
import type { BulkStatusAnswer, BulkStatusBody } from '../../contract/applications';
import { applicantKey } from './applicant-keys';
import { api } from './client';
import { jobApplicantsKey } from './applicant-keys';
import { queryClient } from './query-client';
import { studioJobKey } from './studio-job';
import { useWrite, type WriteHandlers } from './use-write';

export async function moveApplications(jobId: string, body: BulkStatusBody) {
  const answer = await api<BulkStatusAnswer>(`/api/studio/jobs/${encodeURIComponent(jobId)}/applications/status`, { json: body });
  // The board, the job's counts, and the card of each one moved (open or cached).
  await Promise.all([jobApplicantsKey(jobId), studioJobKey(jobId), ...body.applicationIds.map(applicantKey)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return answer;
}

type MoveVars = { jobId: string; body: BulkStatusBody };

export function useMoveApplications(handlers: WriteHandlers<MoveVars, BulkStatusAnswer, never> = {}) {
  return useWrite(({ jobId, body }: MoveVars) => moveApplications(jobId, body), handlers);
}
