/** POST /api/audition/tape-requests/{id}/decline { reason? }: the performer's decline; the studio is told, with the reason (docs/self-tapes.md). */
import type { TapeRequest } from '../../contract/self-tapes';
import { answerTapeRequest } from './answer-tape-request';
import { useWrite, type WriteHandlers } from './use-write';

export function useDeclineTapeRequest(handlers: WriteHandlers<{ id: string; reason: string }, TapeRequest, never>) {
  return useWrite(({ id, reason }: { id: string; reason: string }) => answerTapeRequest(id, 'decline', reason.trim() || undefined), handlers);
}
