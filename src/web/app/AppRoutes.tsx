import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';

const LandingPage = lazy(() => import('../features/landing/components/LandingPage'));
const NotFoundPage = lazy(() => import('../features/landing/components/NotFoundPage'));

export function AppRoutes() {
  return (
    <Suspense
      fallback={
        <div className="p-8 text-slate-500" role="status">
          Loading…
        </div>
      }
    >
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
