/** POST /api/audition/tape-requests/{id}/accept and …/decline { reason? }: the performer's answer; on a decline the studio is told, with the reason (docs/self-tapes.md). */
import type { TapeRequest } from '../../contract/self-tapes';
import { api } from './client';
import { myTapeRequestsKey } from './my-tape-requests';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export type TapeAnswer = { id: string; answer: 'accept' } | { id: string; answer: 'decline'; reason: string };

async function answerTapeRequest(vars: TapeAnswer) {
  const json = vars.answer === 'decline' ? { reason: vars.reason.trim() || undefined } : {};
  const changed = await api<TapeRequest>(`/api/audition/tape-requests/${encodeURIComponent(vars.id)}/${vars.answer}`, { method: 'POST', json });
  await queryClient.invalidateQueries({ queryKey: myTapeRequestsKey });
  return changed;
}

export function useAnswerTapeRequest(handlers: WriteHandlers<TapeAnswer, TapeRequest, never>) {
  return useWrite(answerTapeRequest, handlers);
}
