/** POST /api/studio/files: a studio's sides PDF, multipart in the field `file` → { fileId, pages } (docs/self-tapes.md, "Sides"). */
import type { SidesAnswer } from '../../contract/self-tapes';
import { api } from './client';
import { useWrite, type WriteHandlers } from './use-write';

export function uploadSides(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<SidesAnswer>('/api/studio/files', { form });
}

/** The sides' upload as a write hook: the request form reads isPending ("Uploading sides…") and holds its send meanwhile. */
export const useUploadSides = (handlers: WriteHandlers<File, SidesAnswer, never> = {}) => useWrite(uploadSides, handlers);
