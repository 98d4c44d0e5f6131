/** DELETE /api/audition/applications/{id}/slot[?round=]: the performer gives back a round's booked time (docs/slots.md); their times read again. */
import { cancelSlot } from './my-slot';
import { useWrite, type WriteHandlers } from './use-write';

export interface CancelSlotVars {
  applicationId: string;
  /** Which round's booking; none for the first round (docs/slots.md, "Rounds and callbacks"). */
  round?: string;
}

export const useCancelSlot = (handlers: WriteHandlers<CancelSlotVars, void, never> = {}) =>
  useWrite(({ applicationId, round }: CancelSlotVars) => cancelSlot(applicationId, round), handlers);
