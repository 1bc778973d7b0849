import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ListNotificationsResponse,
  Notification,
} from '@shared/notifications/notifications.contracts';
import { sendJson } from '@web/lib/api-client';
import { notificationKeys } from './keys';

type ReadAnswer = { notification: Notification; unreadCount: number };

/** POST /api/notifications/:id/read. */
export function markNotificationRead(id: string) {
  return sendJson<ReadAnswer>('POST', `/api/notifications/${encodeURIComponent(id)}/read`);
}

/** POST /api/notifications/read-all. */
export function markAllNotificationsRead() {
  return sendJson<{ unreadCount: number }>('POST', '/api/notifications/read-all');
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ notification, unreadCount }) => {
      queryClient.setQueryData<ListNotificationsResponse>(notificationKeys.list, (old) =>
        old
          ? {
              ...old,
              unreadCount,
              notifications: old.notifications.map((n) =>
                n.id === notification.id ? notification : n,
              ),
            }
          : old,
      );
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
