/** Studio calls (docs/product.md §7): the paged list, one studio, its jobs, the search. */
import { NEXT_CURSOR_HEADER } from '../../contract/studio-limits';
import type { JobsAnswer, Studio } from '../../contract/studios';
import { api, apiPoll } from './client';

export interface StudioPage {
  studios: Studio[];
  /** The cursor of the next page; null on the last page. */
  next: string | null;
  etag: string | null;
}

/** One page of getAllStudio; null when `etag` still matches (304). */
export async function fetchStudioPage(
  opts: { limit: number; cursor?: string | null; etag?: string | null },
  signal?: AbortSignal,
): Promise<StudioPage | null> {
  const query = new URLSearchParams({ limit: String(opts.limit) });
  if (opts.cursor) query.set('cursor', opts.cursor);
  const answer = await apiPoll<Studio[]>(`/api/audition/getAllStudio?${query}`, opts.etag ?? null, signal);
  if (!answer) return null;
  return { studios: answer.data, next: answer.headers.get(NEXT_CURSOR_HEADER), etag: answer.etag };
}

export const getStudio = (id: string, signal?: AbortSignal) =>
  api<Studio>(`/api/studio/${encodeURIComponent(id)}`, { auth: false, signal });

export const getStudioJobs = (studioId: string, signal?: AbortSignal) =>
  api<JobsAnswer>(`/api/studio/alljobs/${encodeURIComponent(studioId)}`, { auth: false, signal });

/** The live search; sends the token when there is one (docs/product.md §6), works without. */
export const searchStudios = (text: string, signal?: AbortSignal) =>
  api<Studio[]>(`/api/showAllStudioList?search=${encodeURIComponent(text)}`, { signal });
