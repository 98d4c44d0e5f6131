/**
 * The studio list, paged in as the user scrolls and refreshed every 3 s (docs/product.md §4
 * polling). Each poll asks for the first page with its ETag: a 304 means no studio
 * changed anywhere, so nothing else is asked. On a change the pages already shown
 * are read again, so the list stays in step without jumping back to the top.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../contract/limits';
import { STUDIO_LIMITS } from '../../../contract/studio-limits';
import type { Studio } from '../../../contract/studios';
import { fetchStudioPage } from '../../api/studios';

const PAGE = STUDIO_LIMITS.pageDefault;

export interface StudioListState {
  /** null while the list is unknown (docs/product.md §4: unknown, loaded non-empty, loaded empty). */
  studios: Studio[] | null;
  hasMore: boolean;
  loadingMore: boolean;
  failed: boolean;
  loadMore(): void;
}

export function useStudioList(): StudioListState {
  const [studios, setStudios] = useState<Studio[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const etag = useRef<string | null>(null);
  const shown = useRef<Studio[]>([]);
  const nextRef = useRef<string | null>(null);
  /** Bumped when the whole list is replaced; a page asked for before that is dropped. */
  const generation = useRef(0);
  const polling = useRef(false);
  const moreInFlight = useRef(false);

  const apply = useCallback((list: Studio[], cursor: string | null) => {
    shown.current = list;
    nextRef.current = cursor;
    setStudios(list);
    setNext(cursor);
  }, []);

  const poll = useCallback(async () => {
    if (polling.current) return;
    polling.current = true;
    try {
      const first = await fetchStudioPage({ limit: PAGE, etag: etag.current });
      setFailed(false);
      if (!first) return; // 304: nothing changed
      generation.current += 1;
      const want = Math.max(shown.current.length, PAGE);
      const list = [...first.studios];
      let cursor = first.next;
      while (list.length < want && cursor) {
        const page = await fetchStudioPage({ limit: Math.min(STUDIO_LIMITS.pageMax, want - list.length), cursor });
        if (!page) break;
        list.push(...page.studios);
        cursor = page.next;
      }
      etag.current = first.etag;
      apply(list, cursor);
    } catch (err) {
      // docs/product.md §8: data fetch errors are not surfaced; the screen keeps what it has and polls again.
      console.error('studio list fetch failed', err);
      setFailed(true);
    } finally {
      polling.current = false;
    }
  }, [apply]);

  const loadMore = useCallback(() => {
    const cursor = nextRef.current;
    if (!cursor || moreInFlight.current || polling.current) return;
    moreInFlight.current = true;
    setLoadingMore(true);
    const ticket = generation.current;
    fetchStudioPage({ limit: PAGE, cursor })
      .then((page) => {
        if (!page || ticket !== generation.current) return;
        const known = new Set(shown.current.map((s) => s._id));
        apply([...shown.current, ...page.studios.filter((s) => !known.has(s._id))], page.next);
      })
      .catch((err: unknown) => console.error('studio page fetch failed', err))
      .finally(() => {
        moreInFlight.current = false;
        setLoadingMore(false);
      });
  }, [apply]);

  useEffect(() => {
    void poll();
    const timer = setInterval(() => {
      if (!document.hidden) void poll();
    }, LIMITS.pollMs);
    return () => clearInterval(timer);
  }, [poll]);

  return { studios, hasMore: next !== null, loadingMore, failed, loadMore };
}
