/** GET/PUT /api/me/notification-settings: which kinds of notice are also e-mailed. */
import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '../../contract/applications';
import { api } from './client';
import { queryClient } from './query-client';

export const notificationSettingsKey = ['notification-settings'] as const;

export const useNotificationSettings = () =>
  useQuery({ queryKey: notificationSettingsKey, queryFn: ({ signal }) => api<NotificationSettings>('/api/me/notification-settings', { signal }) }, queryClient);

/** Every reader of the settings sees the choice while it is saved; a refused save puts the old choice back. */
export async function saveNotificationSettings(body: Partial<NotificationSettings>) {
  const before = queryClient.getQueryData<NotificationSettings>(notificationSettingsKey);
  if (before) queryClient.setQueryData(notificationSettingsKey, { ...before, ...body });
  try {
    const saved = await api<NotificationSettings>('/api/me/notification-settings', { method: 'PUT', json: body });
    queryClient.setQueryData(notificationSettingsKey, saved);
    return saved;
  } catch (err) {
    if (before) queryClient.setQueryData(notificationSettingsKey, before);
    throw err;
  }
}
