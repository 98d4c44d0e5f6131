/** GET /api/me/time-zone: the zone this person's mails and messages are written in (docs/account.md, "Time zone"). */
import { useQuery } from '@tanstack/react-query';
import type { TimeZoneAnswer } from '../../contract/account';
import { api } from './client';
import { queryClient } from './query-client';

export const timeZoneKey = ['time-zone'] as const;

export const useTimeZone = () => useQuery({ queryKey: timeZoneKey, queryFn: ({ signal }) => api<TimeZoneAnswer>('/api/me/time-zone', { signal }) }, queryClient);
