import { cn } from '@web/lib/cn';
import { useOnlineStatus } from '@web/lib/online-status';
import { usePendingSyncCount } from '@web/lib/sync-status';

/** spec §2: the top bar's Online indicator, from navigator.onLine and the offline outbox. */
export function OnlineIndicator({ className }: { className?: string }) {
  const online = useOnlineStatus();
  const pending = usePendingSyncCount();
  const waiting = pending !== null && pending > 0 ? `${pending} to sync` : null;
  return (
    <span
      role="status"
      data-testid="online-indicator"
      data-online={online}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
        online ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', online ? 'bg-emerald-500' : 'bg-red-500')}
      />
      {online ? 'Online' : 'Offline'}
      {waiting && <span className="text-slate-600">· {waiting}</span>}
    </span>
  );
}
