/**
 * The tab's title has one writer, RouteFocus: every route's own title (`handle` in
 * routes.tsx), or, on a screen about one record (a job, a studio, a performer, a
 * conversation), the record's name once it is loaded. A screen gives that name here; it
 * is dropped when the screen goes, so the next route's title stands (docs/screens.md).
 */
import { useEffect, useSyncExternalStore } from 'react';

let recordTitle: string | undefined;
const listeners = new Set<() => void>();

function setRecordTitle(title: string | undefined) {
  recordTitle = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The name of the record the current screen shows, if it gave one (read by RouteFocus). */
export function useRecordTitle(): string | undefined {
  return useSyncExternalStore(subscribe, () => recordTitle);
}

/** Names the tab after the record this screen shows; undefined while it loads. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    setRecordTitle(title);
    return () => setRecordTitle(undefined);
  }, [title]);
}
