/**
 * GET /api/notifications: the bell's list and unread count, polled while the app is open
 * (the live stream may later push the same notices; this stays as the fallback).
 */
import { useQuery } from '@tanstack/react-query';
import type { NotificationsAnswer } from '../../contract/applications';
import { api } from './client';
import { queryClient } from './query-client';

export const notificationsKey = ['notifications'] as const;
export const NOTIFICATIONS_POLL_MS = 15_000;

export const getNotifications = (signal?: AbortSignal) => api<NotificationsAnswer>('/api/notifications', { signal });

export const useNotifications = (enabled: boolean) =>
  useQuery({ queryKey: notificationsKey, queryFn: ({ signal }) => getNotifications(signal), enabled, refetchInterval: NOTIFICATIONS_POLL_MS }, queryClient);

export async function markNotificationsRead(ids?: string[]) {
  const answer = await api<NotificationsAnswer>('/api/notifications/read', { json: ids ? { ids } : {} });
  queryClient.setQueryData(notificationsKey, answer);
  return answer;
}
