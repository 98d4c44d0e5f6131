/** PUT /api/audition/availability { unavailable }: the whole list replaces the saved one (docs/talent.md, "Availability"). */
import type { AvailabilityAnswer } from '../../contract/availability';
import { api } from './client';
import { availabilityKey } from './availability';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export type AvailabilityRow = { from: string; to: string; note: string };

export async function saveAvailability(unavailable: AvailabilityRow[]) {
  const saved = await api<AvailabilityAnswer>('/api/audition/availability', { method: 'PUT', json: { unavailable } });
  queryClient.setQueryData(availabilityKey, saved);
  return saved;
}

/** Saves the editor's rows; a refusal names its row's field (`unavailable.2.to`). */
export function useSaveAvailability<K extends string>(handlers: WriteHandlers<AvailabilityRow[], AvailabilityAnswer, K>) {
  return useWrite((rows: AvailabilityRow[]) => saveAvailability(rows), handlers);
}
