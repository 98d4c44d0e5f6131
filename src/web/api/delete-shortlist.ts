/** DELETE /api/studio/shortlists/{id} (docs/talent.md). */
import { deleteShortlist } from './shortlists';
import { useWrite, type WriteHandlers } from './use-write';

export function useDeleteShortlist(handlers: WriteHandlers<string, void, never>) {
  return useWrite(deleteShortlist, handlers);
}
