/** POST /api/studio/tape-requests/{id}/retake { note, deadline }: once per request, on a sent tape (docs/self-tapes.md). */
import type { TapeRequest } from '../../contract/self-tapes';
import { api } from './client';
import { jobTapeRequestsKey } from './job-tape-requests';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export async function askRetake(jobId: string, id: string, body: { note: string; deadline: string }) {
  const changed = await api<TapeRequest>(`/api/studio/tape-requests/${encodeURIComponent(id)}/retake`, { json: body });
  await queryClient.invalidateQueries({ queryKey: jobTapeRequestsKey(jobId) });
  return changed;
}

type RetakeVars = { jobId: string; id: string; body: { note: string; deadline: string } };

export function useAskRetake<K extends string = never>(handlers: WriteHandlers<RetakeVars, TapeRequest, K>) {
  return useWrite(({ jobId, id, body }: RetakeVars) => askRetake(jobId, id, body), handlers);
}
