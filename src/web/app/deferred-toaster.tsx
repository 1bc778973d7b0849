import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { hasToasts, subscribeToasts } from '../components/ui/use-toast';

const Toaster = lazy(() =>
  import('../components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * The Toaster (Radix Toast) is kept out of the first download: it loads once the browser is
 * idle after the first page, or at once when a toast is raised before that (issue 4 budget).
 */
export function DeferredToaster() {
  const raised = useSyncExternalStore(subscribeToasts, hasToasts, () => false);
  const [idle, setIdle] = useState(false);
  const [mounted, setMounted] = useState(false);
  if ((raised || idle) && !mounted) setMounted(true);

  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
