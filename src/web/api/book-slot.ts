/** PUT /api/audition/applications/{id}/slot { slotId }: the performer books (or moves to) a free time (docs/slots.md); their times read again, taken or not. */
import { bookSlot } from './my-slot';
import { useWrite, type WriteHandlers } from './use-write';

export interface BookSlotVars {
  applicationId: string;
  slotId: string;
}

export const useBookSlot = (handlers: WriteHandlers<BookSlotVars, Awaited<ReturnType<typeof bookSlot>>, never> = {}) =>
  useWrite(({ applicationId, slotId }: BookSlotVars) => bookSlot(applicationId, slotId), handlers);
