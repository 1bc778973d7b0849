import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Notification } from '@shared/notifications/notifications.contracts';
import { useNotifications } from '@web/api/notifications/list-notifications';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '@web/api/notifications/mark-read';
import { useNotificationStream } from '@web/api/notifications/notification-stream';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { NotificationList } from './notification-list';

/** How many the bell's panel shows; the notifications page has the rest. */
const shownInPanel = 8;

/**
 * The top bar's bell (issue 25): the unread count, kept live by the server's event stream (the
 * list polls when the stream is not open), and a panel of the newest with links to what each is
 * about. A new one is announced to screen readers.
 */
export default function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const live = useNotificationStream(true, (n) => setAnnouncement(`New notification: ${n.title}`));
  const list = useNotifications({ live });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [, navigate] = useLocation();

  const unread = list.data?.unreadCount ?? 0;
  const items = list.data?.notifications.slice(0, shownInPanel) ?? [];
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  const handleOpen = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id);
    setOpen(false);
    navigate(n.link);
  };

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={label}
            data-testid="notification-bell"
          >
            <Bell aria-hidden="true" />
            {unread > 0 && (
              <span
                aria-hidden="true"
                data-testid="notification-count"
                className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Notifications">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            {unread > 0 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => markAll.mutate()}
                disabled={markAll.isPending}
              >
                Mark all read
              </Button>
            )}
          </div>
          {list.isError ? (
            <p className="px-3 py-4 text-sm text-red-700">The notifications could not be loaded.</p>
          ) : items.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">
              {list.isPending
                ? 'Loading…'
                : 'Nothing new. You will see offers, visits and mentions here.'}
            </p>
          ) : (
            <NotificationList
              notifications={items}
              onOpen={handleOpen}
              onMarkRead={(n) => markRead.mutate(n.id)}
            />
          )}
          <div className="border-t border-slate-200 px-3 py-2 text-sm">
            <Link
              href="/notifications"
              onClick={() => setOpen(false)}
              className="text-brand-700 hover:underline"
            >
              All notifications and email digest
            </Link>
          </div>
        </PopoverContent>
      </Popover>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
