/** POST /api/studio/slots/{id}/check-in { status }: arrived (now), no-show, or null to clear (docs/slots.md, "The day"). */
import type { CheckInStatus, StudioSlot } from '../../contract/slots';
import { api } from './client';
import { jobSlotsKey } from './job-slots';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export async function checkIn(jobId: string, slotId: string, status: CheckInStatus | null) {
  const slot = await api<StudioSlot>(`/api/studio/slots/${encodeURIComponent(slotId)}/check-in`, { json: { status } });
  await queryClient.invalidateQueries({ queryKey: jobSlotsKey(jobId) });
  return slot;
}

export interface CheckInVars {
  jobId: string;
  slotId: string;
  status: CheckInStatus | null;
}

/** The day's mark as a write hook: the schedule's row reads its isPending. */
export const useCheckIn = (handlers: WriteHandlers<CheckInVars, StudioSlot, never> = {}) =>
  useWrite(({ jobId, slotId, status }: CheckInVars) => checkIn(jobId, slotId, status), handlers);
