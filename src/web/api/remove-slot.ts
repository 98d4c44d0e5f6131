/** DELETE /api/studio/slots/{id}: one time off the schedule; a booked one's performer is told by the server (docs/slots.md). The schedule reads again. */
import { deleteSlot } from './job-slots';
import { useWrite, type WriteHandlers } from './use-write';

export interface RemoveSlotVars {
  jobId: string;
  slotId: string;
}

export const useRemoveSlot = (handlers: WriteHandlers<RemoveSlotVars, void, never> = {}) =>
  useWrite(({ jobId, slotId }: RemoveSlotVars) => deleteSlot(jobId, slotId), handlers);
