/** POST /api/audition/tape-requests/{id}/accept and …/decline { reason? } (docs/self-tapes.md). */
import type { TapeRequest } from '../../contract/self-tapes';
import { api } from './client';
import { myTapeRequestsKey } from './my-tape-requests';
import { queryClient } from './query-client';

export async function answerTapeRequest(id: string, answer: 'accept' | 'decline', reason?: string) {
  const changed = await api<TapeRequest>(`/api/audition/tape-requests/${encodeURIComponent(id)}/${answer}`, { method: 'POST', json: answer === 'decline' ? { reason } : {} });
  await queryClient.invalidateQueries({ queryKey: myTapeRequestsKey });
  return changed;
}
