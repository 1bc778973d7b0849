import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  notificationStreamEvents,
  notificationStreamPath,
  type ListNotificationsResponse,
  type Notification,
} from '@shared/notifications/notifications.contracts';
import { notificationKeys } from './keys';

/**
 * GET /api/notifications/stream (server-sent events, the session cookie): each new notification
 * goes to the top of the bell's list as it is made. Answers whether the stream is open; while it
 * is not (no EventSource, a proxy that cuts it, the server away) the list polls instead.
 */
export function useNotificationStream(
  enabled: boolean,
  onNotification?: (notification: Notification) => void,
): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(notificationStreamPath, { withCredentials: true });
    const update = (change: (old: ListNotificationsResponse) => ListNotificationsResponse) =>
      queryClient.setQueryData<ListNotificationsResponse>(notificationKeys.list, (old) =>
        old ? change(old) : old,
      );
    source.onopen = () => setOpen(true);
    source.onerror = () => setOpen(source.readyState === EventSource.OPEN);
    source.addEventListener(notificationStreamEvents.notification, (event) => {
      const notification = JSON.parse((event as MessageEvent<string>).data) as Notification;
      update((old) =>
        old.notifications.some((n) => n.id === notification.id)
          ? old
          : { ...old, notifications: [notification, ...old.notifications] },
      );
      onNotification?.(notification);
    });
    source.addEventListener(notificationStreamEvents.unread, (event) => {
      const { unreadCount } = JSON.parse((event as MessageEvent<string>).data) as {
        unreadCount: number;
      };
      update((old) => ({ ...old, unreadCount }));
    });
    return () => {
      source.close();
      setOpen(false);
    };
    // onNotification is read when an event arrives; a new function does not reopen the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, queryClient]);

  return open;
}
