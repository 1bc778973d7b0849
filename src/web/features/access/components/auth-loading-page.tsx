import { Satellite } from 'lucide-react';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';

/** spec §2: the placeholder while the sign-in state loads (/, /contractor, /back-office, /engineer). */
export default function AuthLoadingPage({ rateLimited = false }: { rateLimited?: boolean }) {
  return (
    <div className="min-h-screen bg-slate-50" data-testid="auth-loading">
      <div className="flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-4">
        <Satellite aria-hidden="true" className="size-5 text-brand-600" />
        <span className="font-semibold text-brand-900">Uplink</span>
      </div>
      <main className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8">
        <div className="flex items-center gap-3 text-slate-600">
          <Spinner label="Checking your sign-in" />
          <p>
            {rateLimited
              ? 'Too many sign-in checks: waiting 30 seconds before checking again.'
              : 'Loading…'}
          </p>
        </div>
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      </main>
    </div>
  );
}
