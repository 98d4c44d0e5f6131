/** PATCH /api/studio/shortlists/{id} { name } (docs/talent.md). */
import type { Shortlist } from '../../contract/talent';
import { renameShortlist } from './shortlists';
import { useWrite, type WriteHandlers } from './use-write';

type Vars = { listId: string; name: string };

export function useRenameShortlist<K extends string = never>(handlers: WriteHandlers<Vars, Shortlist, K>) {
  return useWrite(({ listId, name }: Vars) => renameShortlist(listId, name), handlers);
}
