/** DELETE /api/studio/shortlists/{id}/members/{performerId} (docs/talent.md). */
import { removeFromShortlist } from './shortlists';
import { useWrite, type WriteHandlers } from './use-write';

type Vars = { listId: string; performerId: string };

export function useRemoveFromShortlist(handlers: WriteHandlers<Vars, void, never>) {
  return useWrite(({ listId, performerId }: Vars) => removeFromShortlist(listId, performerId), handlers);
}
