import { format, parseISO } from 'date-fns';
import {
  AlertTriangle,
  CalendarDays,
  ClipboardList,
  Package,
  PackageMinus,
  RefreshCw,
  Truck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { orderEventWords } from '@shared/status-words';
import {
  openOrderStatuses,
  orderStatuses,
  orderStatusLabels,
  visitSlotLabels,
} from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useDashboard } from '@web/api/dashboard/get-dashboard';
import { PageLayout } from '@web/components/page-layout';
import { lowStockPath } from '@shared/stock/field-flags.contracts';

// The dashboard counts open orders (not completed, closed or cancelled); each link opens the
// orders list filtered the same way, so the list shows exactly the number on the card.
const open = openOrderStatuses.join(',');
export const dashboardLinks = {
  status: (status: string) => `/orders?status=${status}`,
  atRisk: `/orders?status=${open}&slaState=at_risk`,
  breached: `/orders?status=${open}&slaState=breached`,
  awaitingDispatch: `/orders?status=${open}&kitStatus=awaiting_dispatch`,
  awaitingArrival: `/orders?status=${open}&kitStatus=dispatched`,
  awaitingAssignment: '/back-office/contractor-management',
  lowStock: lowStockPath,
  xero: '/xero-settings',
};

function Figure({
  label,
  value,
  href,
  icon,
  tone = 'default',
}: {
  label: string;
  value: number;
  href: string;
  icon: ReactNode;
  tone?: 'default' | 'warning' | 'danger';
}) {
  const toneClass =
    tone === 'danger' && value > 0
      ? 'text-red-700'
      : tone === 'warning' && value > 0
        ? 'text-amber-700'
        : 'text-slate-900';
  return (
    <Link
      href={href}
      className="group flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm outline-none hover:border-brand-300 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 [&_svg]:size-5">
        {icon}
      </span>
      <span className="grid">
        <span className={`text-2xl font-semibold ${toneClass}`} data-testid={`figure-${label}`}>
          {value.toLocaleString('en-GB')}
        </span>
        <span className="text-sm text-slate-600 group-hover:text-slate-900">{label}</span>
      </span>
    </Link>
  );
}

/** /back-office: the day's picture from live data; every figure opens the matching list. */
export default function BackOfficeDashboardPage() {
  const dashboard = useDashboard();

  return (
    <PageLayout>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Dashboard</h1>
          <p className="mt-1 text-sm text-slate-600">Orders, SLAs, kit and today’s visits.</p>
        </div>
        <Button
          variant="outline"
          onClick={() => void dashboard.refetch()}
          disabled={dashboard.isFetching}
        >
          <RefreshCw aria-hidden="true" className={dashboard.isFetching ? 'animate-spin' : ''} />
          Refresh
        </Button>
      </div>

      {dashboard.isPending ? (
        <div
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          role="status"
          aria-label="Loading dashboard"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : dashboard.isError ? (
        <EmptyState
          title="The dashboard could not be loaded"
          action={<Button onClick={() => void dashboard.refetch()}>Try again</Button>}
        >
          {errorMessage(dashboard.error, dashboard.error.message)}
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="attention-heading" className="grid gap-3">
            <h2 id="attention-heading" className="text-lg font-semibold text-slate-900">
              Needs attention
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
              <Figure
                label="SLA at risk"
                value={dashboard.data.sla.atRisk}
                href={dashboardLinks.atRisk}
                icon={<AlertTriangle aria-hidden="true" />}
                tone="warning"
              />
              <Figure
                label="SLA breached"
                value={dashboard.data.sla.breached}
                href={dashboardLinks.breached}
                icon={<AlertTriangle aria-hidden="true" />}
                tone="danger"
              />
              <Figure
                label="Kit awaiting dispatch"
                value={dashboard.data.kit.awaitingDispatch}
                href={dashboardLinks.awaitingDispatch}
                icon={<Package aria-hidden="true" />}
              />
              <Figure
                label="Kit awaiting arrival"
                value={dashboard.data.kit.awaitingArrival}
                href={dashboardLinks.awaitingArrival}
                icon={<Truck aria-hidden="true" />}
              />
              <Figure
                label="Awaiting assignment"
                value={dashboard.data.awaitingAssignment}
                href={dashboardLinks.awaitingAssignment}
                icon={<ClipboardList aria-hidden="true" />}
              />
              {dashboard.data.lowStock !== undefined && (
                <Figure
                  label="Low stock"
                  value={dashboard.data.lowStock}
                  href={dashboardLinks.lowStock}
                  icon={<PackageMinus aria-hidden="true" />}
                  tone="warning"
                />
              )}
              {/* Issue 22: an invoice or bill Xero refused, or a connection that needs redoing. */}
              {(dashboard.data.xeroNeedsAttention ?? 0) > 0 && (
                <Figure
                  label="Xero needs attention"
                  value={dashboard.data.xeroNeedsAttention ?? 0}
                  href={dashboardLinks.xero}
                  icon={<AlertTriangle aria-hidden="true" />}
                  tone="danger"
                />
              )}
            </div>
          </section>

          <section aria-labelledby="status-heading" className="grid gap-3">
            <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
              Orders by status
            </h2>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
              {orderStatuses.map((status) => (
                <li key={status}>
                  <Link
                    href={dashboardLinks.status(status)}
                    className="flex items-center justify-between gap-2 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm outline-none hover:border-brand-300 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    <span className="text-slate-700">{orderStatusLabels[status]}</span>
                    <span className="font-semibold text-slate-900" data-testid={`status-${status}`}>
                      {dashboard.data.ordersByStatus[status] ?? 0}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <h2 className="flex items-center gap-2 text-base font-semibold">
                  <CalendarDays aria-hidden="true" className="size-4" />
                  Today’s visits ({dashboard.data.todaysVisits.length})
                </h2>
              </CardHeader>
              <CardContent>
                {dashboard.data.todaysVisits.length === 0 ? (
                  <p className="text-sm text-slate-600">No visits today.</p>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {dashboard.data.todaysVisits.map((visit) => (
                      <li
                        key={visit.id}
                        className="flex flex-wrap justify-between gap-2 py-2 text-sm"
                      >
                        <span>
                          <Link
                            href={`/orders/${visit.order.id}`}
                            className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                          >
                            {visit.order.orderNumber}
                          </Link>{' '}
                          {visit.order.customerName}, {visit.order.town} {visit.order.postcode}
                        </span>
                        <span className="text-slate-600">
                          {visitSlotLabels[visit.slot]} · {visit.engineer.firstName}{' '}
                          {visit.engineer.lastName}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="text-base font-semibold">Recent events</h2>
              </CardHeader>
              <CardContent>
                {dashboard.data.recentEvents.length === 0 ? (
                  <p className="text-sm text-slate-600">Nothing has happened yet.</p>
                ) : (
                  <ol className="divide-y divide-slate-100">
                    {dashboard.data.recentEvents.map((event) => (
                      <li key={event.id} className="grid gap-0.5 py-2 text-sm">
                        <span>
                          <Link
                            href={`/orders/${event.orderId}`}
                            className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                          >
                            {event.orderNumber}
                          </Link>{' '}
                          {orderEventWords(event.type)}
                          {event.toStatus && event.toStatus !== event.fromStatus
                            ? ` → ${orderStatusLabels[event.toStatus]}`
                            : ''}
                        </span>
                        <span className="text-xs text-slate-500">
                          <time dateTime={event.createdAt}>
                            {format(parseISO(event.createdAt), 'd MMM, HH:mm')}
                          </time>
                          {event.actor ? ` · ${event.actor.name}` : ''}
                          {event.reason ? ` · ${event.reason}` : ''}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </PageLayout>
  );
}
