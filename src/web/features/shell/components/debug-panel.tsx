import { Suspense, type ReactNode } from 'react';
import type { CurrentUser } from '@shared/auth/current-user';
import { combinedRoles } from '@shared/role-routing';
import { detectDevice } from '@web/lib/device';
import { useOnlineStatus } from '@web/lib/online-status';
import { readRolePreference } from '@web/lib/storage-keys';
import { usePendingSyncCount } from '@web/lib/sync-status';

/**
 * What an engineer (or support on the phone with one) needs to see when something is off.
 * `details`: the outbox, storage and sync errors, from the engineer app's own chunk (the app
 * passes it in, lazily loaded, so it loads only when shown).
 */
export function DebugPanel({ user, details }: { user: CurrentUser; details?: ReactNode }) {
  const online = useOnlineStatus();
  const pending = usePendingSyncCount();
  const rows: Array<[string, string]> = [
    ['Device', `${detectDevice()} (${window.innerWidth}×${window.innerHeight})`],
    ['Network', online ? 'online' : 'offline'],
    ['Waiting to sync', pending === null ? 'no offline outbox on this device' : String(pending)],
    ['User', `${user.id} (${combinedRoles(user).join(', ')})`],
    ['Role preference', readRolePreference() ?? 'none'],
    ['Browser', navigator.userAgent],
  ];
  return (
    <section
      aria-label="Debug info"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-950"
    >
      <dl className="mx-auto grid max-w-7xl gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-semibold">{name}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <Suspense fallback={null}>{details}</Suspense>
    </section>
  );
}
