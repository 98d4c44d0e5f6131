/**
 * PUT /api/audition/age { dateOfBirth, guardian }: under 18 a guardian is required and is mailed
 * a consent link (docs/guardians.md). The save may make the profile private and writes the
 * free-text age, so the profile's read is stale too.
 */
import type { AgeAnswer, AgeBody } from '../../contract/guardians';
import { ageKey } from './age';
import { api } from './client';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';
import { refreshUserData } from './user-data';

export async function saveAge(body: AgeBody) {
  const saved = await api<AgeAnswer>('/api/audition/age', { method: 'PUT', json: body });
  queryClient.setQueryData(ageKey, saved);
  await refreshUserData();
  return saved;
}

export function useSaveAge<K extends string>(handlers: WriteHandlers<AgeBody, AgeAnswer, K>) {
  return useWrite(saveAge, handlers);
}
