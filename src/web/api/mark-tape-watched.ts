/** POST /api/studio/tapes/{id}/watched: the studio's first play sets watchedAt (docs/self-tapes.md); the applicant and the job's requests refresh. */
import type { Tape } from '../../contract/self-tapes';
import { applicantKey } from './applicant-keys';
import { api } from './client';
import { allJobTapeRequestsKey } from './job-tape-requests';
import { queryClient } from './query-client';
import { useWrite } from './use-write';

async function markTapeWatched({ tapeId, applicationId }: { tapeId: string; applicationId: string }) {
  const tape = await api<Tape>(`/api/studio/tapes/${encodeURIComponent(tapeId)}/watched`, { method: 'POST', json: {} });
  await queryClient.invalidateQueries({ queryKey: applicantKey(applicationId) });
  await queryClient.invalidateQueries({ queryKey: allJobTapeRequestsKey });
  return tape;
}

/** The first play's mark; a failure says nothing (the next play tries again). */
export const useMarkTapeWatched = () => useWrite(markTapeWatched);
