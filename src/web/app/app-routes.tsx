import { lazy, Suspense, useEffect } from 'react';
import { matchRoute, Redirect, useLocation, useRouter } from 'wouter';
import {
  dashboardPath,
  homeRedirect,
  shouldAutoRoute,
  topBarRoleLabels,
} from '@shared/role-routing';
import { Spinner } from '../components/ui/spinner';
import AuthLoadingPage from '../features/access/components/auth-loading-page';
import type { CurrentUser } from '@shared/auth/current-user';
import { useAuth } from '../lib/auth';
import { isMobileDevice } from '../lib/device';
import {
  clearAutoRouted,
  markAutoRouted,
  readAutoRoutedUser,
  readRolePreference,
} from '../lib/storage-keys';
import { ErrorBoundary } from './error-boundary';
import { canOpen, routes, type AppRoute } from './routes';
import { PublicFrame } from '../components/public-frame';
import { ContractorNav } from '../features/contractor-portal/components/contractor-nav';

// The shell is its own chunk: a signed-out visitor never downloads it.
const AppShell = lazy(() => import('../features/shell/components/app-shell'));
// The engineer app's outbox, storage and sync errors, in its own chunk: loaded when shown.
const EngineerDebugDetails = lazy(
  () => import('../features/visits/components/engineer-debug-details'),
);
const debugDetails = <EngineerDebugDetails />;
// The notifications bell (issue 25), in the shell's top bar for staff; its own chunk.
const NotificationBell = lazy(
  () => import('../features/notifications/components/notification-bell'),
);

/** The bell for back office, contractors and engineers (customers have nothing to be told). */
function bellFor(user: CurrentUser) {
  if (![user.role, ...user.additionalRoles].some((role) => role !== 'customer')) return undefined;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
const LandingPage = lazy(() => import('../features/landing/components/landing-page'));
const NotFoundPage = lazy(() => import('../features/landing/components/not-found-page'));
const NotAvailableYetPage = lazy(
  () => import('../features/access/components/not-available-yet-page'),
);
const NoAccessPage = lazy(() => import('../features/access/components/no-access-page'));

type Matched = { route: AppRoute; params: Record<string, string> };

function useMatchedRoute(location: string): Matched | null {
  const { parser } = useRouter();
  for (const route of routes) {
    const [matches, params] = matchRoute(parser, route.path, location);
    if (matches) return { route, params: (params ?? {}) as Record<string, string> };
  }
  return null;
}

function PageFallback() {
  return (
    <div className="flex justify-center p-10">
      <Spinner label="Loading page" />
    </div>
  );
}

/** One error boundary per route (decision 057): another page starts afresh. */
function RoutePage({ route, params }: Matched) {
  const [location] = useLocation();
  const Page = route.page;
  return (
    <ErrorBoundary scope="route" resetKey={location}>
      {Page ? <Page params={params} /> : <NotAvailableYetPage area={route.area} />}
    </ErrorBoundary>
  );
}

export function AppRoutes() {
  const [location] = useLocation();
  const matched = useMatchedRoute(location);

  useEffect(() => {
    document.title = matched ? `${matched.route.area} · Uplink` : 'Page not found · Uplink';
  }, [matched]);

  if (!matched) {
    return (
      <Suspense fallback={<PageFallback />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  if (matched.route.access === 'public') {
    if (signInPaths.has(matched.route.path)) {
      return (
        <Suspense fallback={<PageFallback />}>
          <RoutePage {...matched} />
        </Suspense>
      );
    }
    return <PublicArea {...matched} />;
  }
  return <ProtectedArea {...matched} location={location} />;
}

/** The sign-in screens have their own centred layout (AuthLayout). */
const signInPaths = new Set(['/login', '/signup', '/set-password']);

/**
 * A public page (customer portal, customer form, kit arrived): a signed-in user keeps the top
 * bar and Sign Out; a visitor gets the same frame without them (decision 024).
 */
function PublicArea(matched: Matched) {
  const { user } = useAuth();
  const page = (
    <Suspense fallback={<PageFallback />}>
      <RoutePage {...matched} />
    </Suspense>
  );
  return user ? (
    <Suspense fallback={<PageFallback />}>
      <AppShell user={user} debugDetails={debugDetails} bell={bellFor(user)}>
        {page}
      </AppShell>
    </Suspense>
  ) : (
    <PublicFrame>{page}</PublicFrame>
  );
}

function ProtectedArea({ route, params, location }: Matched & { location: string }) {
  const { user, isLoading, isRateLimited } = useAuth();
  const [, navigate] = useLocation();

  const target =
    user &&
    shouldAutoRoute({
      path: location,
      isAuthenticated: true,
      alreadyRouted: readAutoRoutedUser() === user.id,
    })
      ? homeRedirect(user, { isMobile: isMobileDevice(), preference: readRolePreference() })
      : null;

  useEffect(() => {
    if (!user) {
      // Signed out for sure: the next sign-in in this tab is a new session.
      if (!isLoading) clearAutoRouted();
      return;
    }
    // spec §4: once per session, exactly on /.
    if (location !== '/' || readAutoRoutedUser() === user.id) return;
    markAutoRouted(user.id);
    if (target) navigate(target, { replace: true });
  }, [user, isLoading, location, target, navigate]);

  if (isLoading) return <AuthLoadingPage rateLimited={isRateLimited} />;
  if (!user) {
    // spec §2: signed out, / is the landing page and every other protected path goes to /login.
    if (route.path === '/') {
      return (
        <Suspense fallback={<AuthLoadingPage />}>
          <LandingPage />
        </Suspense>
      );
    }
    return <Redirect to="/login" replace />;
  }
  if (target) return <AuthLoadingPage />;
  return (
    <Suspense fallback={<AuthLoadingPage />}>
      <AppShell user={user} debugDetails={debugDetails} bell={bellFor(user)}>
        <Suspense fallback={<PageFallback />}>
          {canOpen(route.access, user) ? (
            <>
              {user.role === 'contractor' && route.path.startsWith('/contractor') && (
                <ContractorNav />
              )}
              <RoutePage route={route} params={params} />
            </>
          ) : (
            <NoAccessPage
              area={route.area}
              roleLabel={topBarRoleLabels[user.role]}
              dashboardHref={dashboardPath(user.role)}
            />
          )}
        </Suspense>
      </AppShell>
    </Suspense>
  );
}
