import {
  AlertTriangle,
  ArrowRight,
  CheckCircle2,
  LoaderCircle,
  Wifi,
  WifiOff,
  XCircle,
} from 'lucide-react';
import { Link } from 'wouter';
import { dashboardPath, welcomeRoleLabel } from '@shared/role-routing';
import { buttonVariants } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { useAuth } from '@web/lib/auth';
import { useOnlineStatus } from '@web/lib/online-status';
import { usePendingSyncCount } from '@web/lib/sync-status';
import { useReadiness } from '@web/api/health/get-readiness';
import { connectionStatus, systemStatus, type StatusReport } from '../lib/status';

/** spec §2: the welcome page for a signed-in user on /. */
export default function HomePage() {
  const { user } = useAuth();
  const online = useOnlineStatus();
  const pending = usePendingSyncCount();
  const readiness = useReadiness();
  if (!user) return null;

  const system = systemStatus(
    { readiness: readiness.data, failed: readiness.isError, loading: readiness.isPending },
    online,
  );
  const connection = connectionStatus(online, pending);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 py-4 sm:py-8">
      <section className="rounded-xl border border-slate-200 bg-gradient-to-br from-brand-900 to-brand-700 p-6 text-white shadow-sm sm:p-8">
        <p className="text-sm font-medium text-brand-100">{welcomeRoleLabel(user.role)}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
          Welcome back, {user.firstName}
        </h1>
        <p className="mt-2 max-w-xl text-brand-100">
          {user.role === 'customer'
            ? 'Your orders and their progress are on your dashboard.'
            : 'Everything for your work in Uplink starts from your dashboard.'}
        </p>
        <Link
          href={dashboardPath(user.role)}
          className={cn(
            buttonVariants({ size: 'lg' }),
            'mt-5 bg-white text-brand-900 hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-900',
          )}
        >
          Go to Dashboard
          <ArrowRight aria-hidden="true" />
        </Link>
      </section>

      <section aria-label="Status" className="grid gap-4 sm:grid-cols-2">
        <StatusCard heading="System" report={system} />
        <StatusCard heading="Connection" report={connection} icon={online ? Wifi : WifiOff} />
      </section>
    </div>
  );
}

const toneStyles: Record<StatusReport['tone'], { box: string; icon: typeof CheckCircle2 }> = {
  ok: { box: 'bg-emerald-50 text-emerald-700', icon: CheckCircle2 },
  warning: { box: 'bg-amber-50 text-amber-700', icon: AlertTriangle },
  error: { box: 'bg-red-50 text-red-700', icon: XCircle },
  pending: { box: 'bg-slate-100 text-slate-500', icon: LoaderCircle },
};

function StatusCard({
  heading,
  report,
  icon,
}: {
  heading: string;
  report: StatusReport;
  icon?: typeof CheckCircle2;
}) {
  const style = toneStyles[report.tone];
  const Icon =
    report.tone === 'ok' || report.tone === 'pending' ? (icon ?? style.icon) : style.icon;
  return (
    <Card
      className="flex items-start gap-4 p-5"
      data-testid={`status-${heading.toLowerCase()}`}
      data-tone={report.tone}
    >
      <span
        className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', style.box)}
      >
        <Icon
          aria-hidden="true"
          className={cn('size-5', report.tone === 'pending' && 'animate-spin')}
        />
      </span>
      <div className="min-w-0" role="status">
        <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{heading}</h2>
        <p className="mt-1 font-semibold text-slate-900">{report.title}</p>
        <p className="mt-1 text-sm text-slate-600">{report.detail}</p>
      </div>
    </Card>
  );
}
