/** POST /api/studio/files: a studio's sides PDF, multipart in the field `file` → { fileId, pages } (docs/self-tapes.md, "Sides"). */
import type { SidesAnswer } from '../../contract/self-tapes';
import { api } from './client';

export function uploadSides(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<SidesAnswer>('/api/studio/files', { form });
}
