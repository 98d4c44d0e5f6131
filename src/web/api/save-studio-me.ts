/** POST /api/studio/me: saves the studio's own page; its answer is the page every screen reading it shows next. */
import type { StudioMe, StudioMeBody } from '../../contract/jobs';
import { api } from './client';
import { queryClient } from './query-client';
import { studioMeKey } from './studio-me';
import { useWrite, type WriteHandlers } from './use-write';

export async function saveStudioMe(body: StudioMeBody) {
  const saved = await api<StudioMe>('/api/studio/me', { json: body });
  queryClient.setQueryData(studioMeKey, saved);
  return saved;
}

/** Saves the studio's page, from its editor. */
export function useSaveStudioMe<K extends string>(handlers: WriteHandlers<StudioMeBody, StudioMe, K>) {
  return useWrite(saveStudioMe, handlers);
}
