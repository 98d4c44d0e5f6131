/**
 * getAllStudio: the studio list, paged in as the user scrolls and polled every 3 s.
 * Each poll asks for the first page with its ETag: a 304 means no studio changed
 * anywhere, so nothing else is asked. On a change the pages already shown are read
 * again, so the list stays in step without jumping back to the top.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIMITS } from '../../contract/limits';
import { NEXT_CURSOR_HEADER, STUDIO_LIMITS } from '../../contract/studio-limits';
import type { Studio } from '../../contract/studios';
import { apiPoll } from './client';
import { queryClient, readWithEtag } from './query-client';

const PAGE = STUDIO_LIMITS.pageDefault;
const PATH = '/api/audition/getAllStudio';

export interface StudioList {
  studios: Studio[];
  /** The cursor of the next page; null on the last page. */
  next: string | null;
}

export const studioListKey = ['studios', 'list'] as const;

async function getStudioPage(limit: number, cursor: string, signal?: AbortSignal): Promise<StudioList> {
  const answer = await apiPoll<Studio[]>(`${PATH}?${new URLSearchParams({ limit: String(limit), cursor })}`, null, signal);
  if (!answer) throw new Error('unexpected 304 without an ETag');
  return { studios: answer.data, next: answer.headers.get(NEXT_CURSOR_HEADER) };
}

/** The first page with its ETag, then as many pages as the screen already shows. */
async function getStudioList(signal: AbortSignal): Promise<StudioList> {
  const shown = queryClient.getQueryData<StudioList>(studioListKey);
  const first = await readWithEtag<Studio[]>(studioListKey, `${PATH}?limit=${PAGE}`, signal);
  if (!first.headers && shown) return shown; // 304: nothing changed
  const studios = [...first.data];
  let next = first.headers?.get(NEXT_CURSOR_HEADER) ?? null;
  const want = Math.max(shown?.studios.length ?? 0, PAGE);
  while (studios.length < want && next) {
    const page = await getStudioPage(Math.min(STUDIO_LIMITS.pageMax, want - studios.length), next, signal);
    studios.push(...page.studios);
    next = page.next;
  }
  return { studios, next };
}

export function useStudioList() {
  const list = useQuery({ queryKey: studioListKey, queryFn: ({ signal }) => getStudioList(signal), refetchInterval: LIMITS.pollMs }, queryClient);
  const more = useMutation(
    {
    mutationFn: (cursor: string) => getStudioPage(PAGE, cursor),
    onSuccess(page, cursor) {
      queryClient.setQueryData<StudioList>(studioListKey, (now) => {
        // A poll that replaced the list meanwhile wins; this page belonged to the old one.
        if (!now || now.next !== cursor) return now;
        const known = new Set(now.studios.map((s) => s._id));
        return { studios: [...now.studios, ...page.studios.filter((s) => !known.has(s._id))], next: page.next };
      });
    },
    onError: (err) => console.error('studio page fetch failed', err),
    },
    queryClient,
  );

  useEffect(() => {
    // Data fetch errors are not surfaced: the screen keeps what it has and polls again.
    if (list.error) console.error('studio list fetch failed', list.error);
  }, [list.error]);

  const next = list.data?.next ?? null;
  const { mutate, isPending } = more;
  const busy = isPending || list.isFetching;
  return {
    /** null while the list is unknown (unknown, loaded non-empty, loaded empty). */
    studios: list.data?.studios ?? null,
    hasMore: next !== null,
    loadingMore: isPending,
    failed: list.isError,
    loadMore: () => {
      if (next && !busy) mutate(next);
    },
  };
}
