/**
 * GET /api/notifications: the bell's list and unread count. The live stream's `notification`
 * event refetches it (live-events.ts); polling is only the fallback while that stream is not
 * open (docs/applications.md).
 */
import { useQuery } from '@tanstack/react-query';
import type { NotificationsAnswer } from '../../contract/applications';
import { api } from './client';
import { liveStreamOpen } from './live-stream-state';
import { queryClient } from './query-client';

export const notificationsKey = ['notifications'] as const;
/** The fallback poll's period while no live stream is open. */
export const NOTIFICATIONS_POLL_MS = 15_000;

export const getNotifications = (signal?: AbortSignal) => api<NotificationsAnswer>('/api/notifications', { signal });

// The interval is read again after every fetch; the stream refetches the bell whenever it
// opens or drops, so the poll stops and starts with it.
export const useNotifications = (enabled: boolean) =>
  useQuery(
    {
      queryKey: notificationsKey,
      queryFn: ({ signal }) => getNotifications(signal),
      enabled,
      refetchInterval: () => (liveStreamOpen() ? false : NOTIFICATIONS_POLL_MS),
    },
    queryClient,
  );

export async function markNotificationsRead(ids?: string[]) {
  const answer = await api<NotificationsAnswer>('/api/notifications/read', { json: ids ? { ids } : {} });
  queryClient.setQueryData(notificationsKey, answer);
  return answer;
}
