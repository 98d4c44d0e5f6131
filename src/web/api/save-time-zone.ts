/** PUT /api/me/time-zone, from /settings: a zone Intl does not know is refused at the field `timeZone`. */
import type { TimeZoneAnswer } from '../../contract/account';
import { api } from './client';
import { queryClient } from './query-client';
import { timeZoneKey } from './time-zone';
import { useWrite, type WriteHandlers } from './use-write';

async function saveTimeZone(timeZone: string) {
  const saved = await api<TimeZoneAnswer>('/api/me/time-zone', { method: 'PUT', json: { timeZone } });
  queryClient.setQueryData(timeZoneKey, saved);
  return saved;
}

export function useSaveTimeZone<K extends string>(handlers: WriteHandlers<string, TimeZoneAnswer, K>) {
  return useWrite(saveTimeZone, handlers);
}
