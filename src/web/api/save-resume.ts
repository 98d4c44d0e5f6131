/**
 * PUT /api/audition/resume: replaces the whole résumé or nothing; a 400 is the shared client's
 * ApiError, its `problems` every problem at its field (docs/resume.md).
 */
import type { Resume, ResumeBody } from '../../contract/resume';
import { api } from './client';
import { queryClient } from './query-client';
import { resumeKey } from './resume';
import { userDataKey } from './user-data';
import { useWrite, type WriteHandlers } from './use-write';

export async function saveResume(body: ResumeBody) {
  const saved = await api<Resume>('/api/audition/resume', { method: 'PUT', json: body });
  queryClient.setQueryData(resumeKey, saved);
  // The spec's free-text height and weight follow the résumé's numbers (docs/resume.md).
  await queryClient.invalidateQueries({ queryKey: userDataKey });
  return saved;
}

/** Saves the résumé, from its editor. */
export function useSaveResume(handlers: WriteHandlers<ResumeBody, Resume, never>) {
  return useWrite(saveResume, handlers);
}
