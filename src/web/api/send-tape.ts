/** POST /api/audition/tape-requests/{id}/tape: the performer's tape, multipart in the field `file` (docs/self-tapes.md). */
import type { TapeRequest } from '../../contract/self-tapes';
import { api } from './client';
import { myTapeRequestsKey } from './my-tape-requests';
import { queryClient } from './query-client';

export async function sendTape(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  const changed = await api<TapeRequest>(`/api/audition/tape-requests/${encodeURIComponent(id)}/tape`, { form });
  await queryClient.invalidateQueries({ queryKey: myTapeRequestsKey });
  return changed;
}
