import { useQuery } from '@tanstack/react-query';
import {
  notificationPollMs,
  type ListNotificationsResponse,
} from '@shared/notifications/notifications.contracts';
import { getJson } from '@web/lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications: the person's newest notifications and how many are unread. */
export function fetchNotifications(): Promise<ListNotificationsResponse> {
  return getJson<ListNotificationsResponse>('/api/notifications');
}

/**
 * The bell's data. While the live stream is open it keeps this current; when it is not, the
 * list is asked for again every 30 s (the fallback, decision 080).
 */
export function useNotifications({ live }: { live: boolean }) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: fetchNotifications,
    refetchInterval: live ? false : notificationPollMs,
  });
}
