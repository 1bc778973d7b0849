import { lazy, Suspense } from 'react';
import type { CurrentUser } from '@shared/auth/current-user';
import { combinedRoles } from '@shared/role-routing';
import { detectDevice } from '../../../lib/device';
import { useOnlineStatus } from '../../../lib/online-status';
import { readRolePreference } from '../../../lib/storage-keys';
import { usePendingSyncCount } from '../../../lib/sync-status';

// The outbox, storage and sync errors live in the engineer app's chunk; loaded only when shown.
const EngineerDebugDetails = lazy(() => import('../../engineer/components/EngineerDebugDetails'));

/** What an engineer (or support on the phone with one) needs to see when something is off. */
export function DebugPanel({ user }: { user: CurrentUser }) {
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
      <Suspense fallback={null}>
        <EngineerDebugDetails />
      </Suspense>
    </section>
  );
}
