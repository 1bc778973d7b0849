import { Menu, Satellite, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@shared/auth/current-user';
import { isEngineerCapable } from '@shared/role-routing';
import { Button } from '@web/components/ui/button';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { useShowDebugInfo } from '@web/lib/debug-info';
import { BackOfficeNav } from './back-office-nav';
import { DebugCheckbox } from './debug-checkbox';
import { DebugPanel } from './debug-panel';
import { MobileMenu } from './mobile-menu';
import { OnlineIndicator } from './online-indicator';
import { RoleToggle } from './role-toggle';
import { SignOutButton } from './sign-out-button';
import { TopBarSearch } from './top-bar-search';
import { UserBadge } from './user-badge';

const mobileMenuId = 'mobile-menu';

/** The authenticated shell (spec §2): top bar, back-office navigation, the page. */
export default function AppShell({
  user,
  children,
  debugDetails,
  bell,
}: {
  user: CurrentUser;
  children: ReactNode;
  /** The notifications bell (issue 25), from the notifications area (the app composes it). */
  bell?: ReactNode;
  /** The engineer app's debug details, shown under the debug panel when it is on. */
  debugDetails?: ReactNode;
}) {
  const [location] = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location;
  const [showDebug] = useShowDebugInfo();
  const engineer = isEngineerCapable(user);

  return (
    <TooltipProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
          <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 lg:px-6">
            <Link
              href="/"
              aria-label="Uplink home"
              className="flex items-center gap-2 rounded-md font-semibold text-brand-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Satellite aria-hidden="true" className="size-6 text-brand-600" />
              <span className="text-lg tracking-tight">Uplink</span>
            </Link>
            <div className="ml-auto flex items-center gap-3">
              <TopBarSearch user={user} />
              <RoleToggle user={user} className="hidden md:inline-flex" />
              {engineer && (
                <div className="hidden md:block">
                  <DebugCheckbox id="debug-desktop" label="Debug" />
                </div>
              )}
              {bell}
              <OnlineIndicator />
              <div className="hidden max-w-56 md:block">
                <UserBadge user={user} />
              </div>
              <SignOutButton className="hidden md:inline-flex" />
              <Button
                variant="ghost"
                size="icon"
                className="md:hidden"
                aria-expanded={menuOpen}
                aria-controls={mobileMenuId}
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                onClick={() => setMenuOpenOn(menuOpen ? null : location)}
              >
                {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
              </Button>
            </div>
          </div>
        </header>
        {menuOpen && (
          <MobileMenu id={mobileMenuId} user={user} onNavigate={() => setMenuOpenOn(null)} />
        )}
        {user.role === 'back_office' && <BackOfficeNav />}
        {engineer && showDebug && <DebugPanel user={user} details={debugDetails} />}
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 lg:px-6">
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}
