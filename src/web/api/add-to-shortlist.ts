/**
 * POST /api/studio/shortlists/{id}/members { performerId } (docs/talent.md); a studio with no
 * list yet names its first one (POST /api/studio/shortlists { name }) in the same step.
 */
import type { Shortlist } from '../../contract/talent';
import { addToShortlist, createShortlist } from './shortlists';
import { useWrite, type WriteHandlers } from './use-write';

/** `list`: the chosen list, or the name of a first one to make. */
export type AddVars = { list: Shortlist | { newName: string }; performerId: string };

export function useAddToShortlist<K extends string = never>(handlers: WriteHandlers<AddVars, Shortlist, K>) {
  return useWrite(async ({ list, performerId }: AddVars) => {
    const target = 'newName' in list ? await createShortlist(list.newName) : list;
    await addToShortlist(target._id, performerId);
    return target;
  }, handlers);
}
