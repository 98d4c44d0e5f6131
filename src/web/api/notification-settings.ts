/** GET/PUT /api/me/notification-settings: which kinds of notice are also e-mailed. */
import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '../../contract/applications';
import { api } from './client';
import { queryClient } from './query-client';

export const notificationSettingsKey = ['notification-settings'] as const;

export const useNotificationSettings = () =>
  useQuery({ queryKey: notificationSettingsKey, queryFn: ({ signal }) => api<NotificationSettings>('/api/me/notification-settings', { signal }) }, queryClient);

/** Saves the choices given and keeps the server's answer; the page shows a click until it is answered (NotificationChoices). */
export async function saveNotificationSettings(body: Partial<NotificationSettings>) {
  const saved = await api<NotificationSettings>('/api/me/notification-settings', { method: 'PUT', json: body });
  queryClient.setQueryData(notificationSettingsKey, saved);
  return saved;
}
