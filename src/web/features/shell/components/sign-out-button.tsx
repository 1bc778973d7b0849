import { LogOut } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { clearRolePreferenceOnMobile } from '@web/lib/device';
import { clearAutoRouted } from '@web/lib/storage-keys';
import { authCacheName } from '@web/lib/offline-auth';

/** spec §7: Sign Out navigates the browser to /api/logout. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      onClick={() => {
        // A phone starts its next session in the engineer app (docs/decisions).
        clearRolePreferenceOnMobile();
        clearAutoRouted();
        // The engineer app's offline copy of who is signed in goes too (decision 040).
        const cleared = 'caches' in window ? caches.delete(authCacheName).catch(() => false) : null;
        void Promise.resolve(cleared).finally(() => window.location.assign('/api/logout'));
      }}
    >
      <LogOut aria-hidden="true" />
      Sign Out
    </Button>
  );
}
