import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@shared/auth/current-user';
import { isEngineerCapable } from '@shared/role-routing';
import { cn } from '@web/lib/cn';
import { isActive, mobileBackOfficeNav } from '../lib/navigation';
import { DebugCheckbox } from './debug-checkbox';
import { RoleToggle } from './role-toggle';
import { SignOutButton } from './sign-out-button';
import { UserBadge } from './user-badge';

/** spec §2: the mobile menu: the back-office items it keeps, the engineer's debug flag, the
 * dual-role switch and Sign Out. */
export function MobileMenu({
  id,
  user,
  onNavigate,
}: {
  id: string;
  user: CurrentUser;
  onNavigate: () => void;
}) {
  const [location] = useLocation();
  return (
    <div id={id} className="border-b border-slate-200 bg-white shadow-sm md:hidden">
      <div className="flex flex-col gap-4 px-4 py-4">
        <UserBadge user={user} />
        {user.role === 'back_office' && (
          <nav aria-label="Back office menu" className="flex flex-col gap-4">
            {mobileBackOfficeNav.map((section) => (
              <div key={section.id}>
                <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {section.label}
                </h2>
                <ul className="mt-1 grid grid-cols-2 gap-1">
                  {section.items.map((item) => {
                    const active = isActive(item.href, location);
                    return (
                      <li key={item.href}>
                        <Link
                          href={item.href}
                          onClick={onNavigate}
                          aria-current={active ? 'page' : undefined}
                          className={cn(
                            'flex min-h-10 items-center rounded-md px-2 text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500',
                            active && 'bg-brand-50 text-brand-700',
                          )}
                        >
                          {item.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </nav>
        )}
        {isEngineerCapable(user) && <DebugCheckbox id="debug-mobile" label="Show debug info" />}
        <div className="flex flex-wrap gap-2">
          <RoleToggle user={user} />
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}
