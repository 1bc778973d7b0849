import type { Notification } from '@shared/notifications/notifications.contracts';
import { formatDateTime } from '@web/lib/format-date';
import { cn } from '@web/lib/cn';

/**
 * The notifications as links to what each is about; opening one marks it read. Unread ones are
 * bold with a dot (and say so to a screen reader).
 */
export function NotificationList({
  notifications,
  onOpen,
  onMarkRead,
}: {
  notifications: Notification[];
  onOpen: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100" data-testid="notification-list">
      {notifications.map((n) => (
        <li key={n.id} className="flex items-start gap-2 px-3 py-2" data-unread={!n.readAt}>
          <span
            aria-hidden="true"
            className={cn(
              'mt-1.5 size-2 shrink-0 rounded-full',
              n.readAt ? 'bg-transparent' : 'bg-brand-600',
            )}
          />
          <a
            href={n.link}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onOpen(n);
            }}
            className="min-w-0 flex-1 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <span className={cn('block text-sm break-words', !n.readAt && 'font-semibold')}>
              {!n.readAt && <span className="sr-only">Unread: </span>}
              {n.title}
            </span>
            {n.body && <span className="block text-sm break-words text-slate-600">{n.body}</span>}
            <span className="block text-xs text-slate-600">{formatDateTime(n.createdAt)}</span>
          </a>
          {!n.readAt && (
            <button
              type="button"
              aria-label={`Mark read: ${n.title}`}
              onClick={() => onMarkRead(n)}
              className="min-h-6 shrink-0 rounded-sm px-1 text-xs text-brand-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              Mark read
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
