import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@shared/notifications/notifications.contracts';
import { getJson, sendJson } from '@web/lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications/settings: the person's own email digest choice. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => getJson<NotificationSettings>('/api/notifications/settings'),
  });
}

/** PUT /api/notifications/settings. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      sendJson<NotificationSettings>('PUT', '/api/notifications/settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}
