import { ArrowLeftRight } from 'lucide-react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@shared/auth/current-user';
import { roleToggle } from '@shared/role-routing';
import { Button } from '@web/components/ui/button';
import { saveRolePreference } from '@web/lib/storage-keys';

/** spec §2: a dual-role user on /engineer or /contractor switches to the other dashboard. */
export function RoleToggle({ user, className }: { user: CurrentUser; className?: string }) {
  const [location, navigate] = useLocation();
  const toggle = roleToggle(user, location);
  if (!toggle) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      onClick={() => {
        saveRolePreference(toggle.target);
        navigate(toggle.path);
      }}
    >
      <ArrowLeftRight aria-hidden="true" />
      {toggle.label}
    </Button>
  );
}
