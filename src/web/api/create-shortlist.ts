/** POST /api/studio/shortlists { name } (docs/talent.md). */
import type { Shortlist } from '../../contract/talent';
import { createShortlist } from './shortlists';
import { useWrite, type WriteHandlers } from './use-write';

export function useCreateShortlist<K extends string = never>(handlers: WriteHandlers<string, Shortlist, K>) {
  return useWrite((name: string) => createShortlist(name), handlers);
}
