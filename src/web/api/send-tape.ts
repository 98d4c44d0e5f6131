/**
 * The performer's tape (docs/self-tapes.md, docs/media.md): the file goes up
 * resumably to /api/uploads, then POST /api/audition/tape-requests/{id}/tape { uploadId }
 * hands the finished upload to the request.
 */
import type { TapeRequest } from '../../contract/self-tapes';
import { api } from './client';
import { myTapeRequestsKey } from './my-tape-requests';
import { queryClient } from './query-client';
import { sendResumable, type ResumableOptions } from './resumable-upload';
import { useWrite, type WriteHandlers } from './use-write';

/** Where an unfinished tape for request `id` is listed (lib/unfinished-uploads.ts). */
export const tapeTarget = (id: string) => `tape:${id}`;

export async function sendTape(id: string, file: File, opts: Pick<ResumableOptions, 'onProgress' | 'onRetry' | 'keep' | 'signal'> = {}) {
  const uploadId = await sendResumable(file, { ...opts, kind: 'tape', target: tapeTarget(id) });
  const changed = await api<TapeRequest>(`/api/audition/tape-requests/${encodeURIComponent(id)}/tape`, { json: { uploadId } });
  await queryClient.invalidateQueries({ queryKey: myTapeRequestsKey });
  return changed;
}

export interface SendTapeVars extends Pick<ResumableOptions, 'onProgress' | 'onRetry' | 'keep' | 'signal'> {
  requestId: string;
  file: File;
}

/** The tape as a write hook: the form reads isPending; its progress words come through `onProgress` / `onRetry`. */
export const useSendTape = (handlers: WriteHandlers<SendTapeVars, TapeRequest, never> = {}) =>
  useWrite(({ requestId, file, ...opts }: SendTapeVars) => sendTape(requestId, file, opts), handlers);
