/** POST /api/studio/tape-requests: one self-tape request per chosen applicant (docs/self-tapes.md); the job's list refreshes. */
import type { TapeRequestBody, TapeRequestsAnswer } from '../../contract/self-tapes';
import { api } from './client';
import { jobTapeRequestsKey } from './job-tape-requests';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

async function requestTapes({ jobId, body }: { jobId: string; body: TapeRequestBody }) {
  const made = await api<TapeRequestsAnswer>('/api/studio/tape-requests', { json: body });
  await queryClient.invalidateQueries({ queryKey: jobTapeRequestsKey(jobId) });
  return made.tapeRequests;
}

export function useRequestTapes<K extends string>(handlers: WriteHandlers<{ jobId: string; body: TapeRequestBody }, TapeRequestsAnswer['tapeRequests'], K>) {
  return useWrite(requestTapes, handlers);
}
