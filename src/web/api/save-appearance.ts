/** POST /api/audition/updateAppearance (docs/product.md §7): the profile's appearance, sent as the spec's form data. */
import type { UserProfile } from '../../contract/profile';
import { updateAppearance } from './profile';
import { session } from './session';
import { useWrite, type WriteHandlers } from './use-write';

async function saveAppearance(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const saved = await updateAppearance(body);
  session.rememberSavedProfile(saved);
  return saved;
}

/** Saves the appearance, from /editapperance. */
export function useSaveAppearance<K extends string>(handlers: WriteHandlers<Record<string, string>, UserProfile, K>) {
  return useWrite(saveAppearance, handlers);
}
