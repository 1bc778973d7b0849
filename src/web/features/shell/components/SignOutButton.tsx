import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { clearRolePreferenceOnMobile } from '../../../lib/device';

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
        window.location.assign('/api/logout');
      }}
    >
      <LogOut aria-hidden="true" />
      Sign Out
    </Button>
  );
}
