import {
  CalendarClock,
  CalendarDays,
  CalendarRange,
  CheckCircle2,
  ClipboardList,
  Inbox,
  PoundSterling,
  RefreshCw,
  RotateCcw,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type {
  ContractorDashboard,
  ContractorOrderSummary,
} from '@shared/contractor-portal/contractor-portal.contracts';
import { visitSlotLabels } from '@shared/orders/order-status';
import type { VisitListItem } from '@shared/visits/visits.contracts';
import { commonErrorCodes } from '@shared/api-error';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useContractorDashboard } from '@web/api/contractor-portal/get-dashboard';
import { errorCode, errorMessage } from '@web/lib/api-client';
import { formatPence } from '@web/lib/money';
import { formatDate } from '@web/lib/format-date';
import { StatusBadge } from '@web/components/status-badge';
import { contractorPaths, dashboardLinks } from '../lib/paths';
import { OfferCard } from './offer-card';

function Figure({
  label,
  value,
  href,
  icon,
}: {
  label: string;
  value: string;
  href: string;
  icon: ReactNode;
}) {
  return (
    <Link
      href={href}
      className="group flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4 outline-none hover:border-brand-300 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 sm:flex [&_svg]:size-5">
        {icon}
      </span>
      <span className="grid">
        <span
          className="text-xl font-semibold text-slate-900 sm:text-2xl"
          data-testid={`figure-${label}`}
        >
          {value}
        </span>
        <span className="text-sm text-slate-600 group-hover:text-slate-900">{label}</span>
      </span>
    </Link>
  );
}

function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="grid scroll-mt-4 gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {more && (
          <Link href={more.href} className="text-sm text-brand-700 hover:underline">
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function Nothing({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
      {children}
    </p>
  );
}

function OrderList({ items, empty }: { items: ContractorOrderSummary[]; empty: string }) {
  if (items.length === 0) return <Nothing>{empty}</Nothing>;
  return (
    <ul className="grid gap-2">
      {items.map((order) => (
        <li
          key={order.orderId}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
        >
          <div className="min-w-0">
            <Link
              href={contractorPaths.order(order.orderId)}
              className="font-medium text-brand-700 hover:underline"
            >
              {order.orderNumber}
            </Link>
            <p className="text-sm text-slate-700">
              {order.customerName} · {order.postcode} · {order.jobTypeName}
            </p>
            {order.requestedDate && (
              <p className="text-xs text-slate-600">Requested {formatDate(order.requestedDate)}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge kind="order" status={order.status} />
            <StatusBadge kind="kit" status={order.kitStatus} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function VisitList({ visits, empty }: { visits: VisitListItem[]; empty: string }) {
  if (visits.length === 0) return <Nothing>{empty}</Nothing>;
  return (
    <ul className="grid gap-2">
      {visits.map((visit) => (
        <li
          key={visit.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
        >
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">
              {formatDate(visit.scheduledDate)} · {visitSlotLabels[visit.slot]} ·{' '}
              {visit.engineer.firstName} {visit.engineer.lastName}
            </p>
            <p className="text-sm text-slate-700">
              <Link
                href={contractorPaths.order(visit.orderId)}
                className="text-brand-700 underline"
              >
                {visit.order.orderNumber}
              </Link>{' '}
              · {visit.order.customerName} · {visit.order.postcode} · {visit.order.jobTypeName}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge kind="order" status={visit.order.status} />
            <Link
              href={`/installation/${visit.orderId}`}
              className="text-sm text-brand-700 hover:underline"
            >
              Installation record
              <span className="sr-only"> for {visit.order.orderNumber}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Dashboard({ data }: { data: ContractorDashboard }) {
  const completed = dashboardLinks.completed(data.monthStart, data.monthEnd);
  return (
    <>
      <section aria-labelledby="figures-heading" className="grid gap-3">
        <h2 id="figures-heading" className="sr-only">
          At a glance
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure
            label="Offers waiting"
            value={String(data.offers.count)}
            href={dashboardLinks.offers}
            icon={<Inbox aria-hidden="true" />}
          />
          <Figure
            label="Ready to schedule"
            value={String(data.readyToSchedule.count)}
            href={dashboardLinks.readyToSchedule}
            icon={<ClipboardList aria-hidden="true" />}
          />
          <Figure
            label="Visits today"
            value={String(data.visitsToday.length)}
            href="#visits-today"
            icon={<CalendarDays aria-hidden="true" />}
          />
          <Figure
            label="Visits this week"
            value={String(data.visitsThisWeek.length)}
            href="#visits-week"
            icon={<CalendarRange aria-hidden="true" />}
          />
          <Figure
            label="Revisits needed"
            value={String(data.revisitsNeeded.count)}
            href={dashboardLinks.revisits}
            icon={<RotateCcw aria-hidden="true" />}
          />
          <Figure
            label="Reschedule requests"
            value={String(data.rescheduleRequests.length)}
            href="#reschedule-requests"
            icon={<CalendarClock aria-hidden="true" />}
          />
          <Figure
            label="Completed this month"
            value={String(data.completedThisMonth.count)}
            href={completed}
            icon={<CheckCircle2 aria-hidden="true" />}
          />
          <Figure
            label="Payouts this month"
            value={formatPence(data.completedThisMonth.payoutPence)}
            href={completed}
            icon={<PoundSterling aria-hidden="true" />}
          />
        </div>
      </section>

      <Section
        id="offers"
        title={`Offers waiting (${data.offers.count})`}
        more={
          data.offers.count > data.offers.items.length
            ? { href: dashboardLinks.offers, label: 'All offers' }
            : undefined
        }
      >
        {data.offers.items.length === 0 ? (
          <Nothing>No offer is waiting for you. New offers appear here.</Nothing>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Offers">
            {data.offers.items.map((offer) => (
              <OfferCard key={offer.orderId} offer={offer} />
            ))}
          </ul>
        )}
      </Section>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Section
          id="ready"
          title={`Ready to schedule (${data.readyToSchedule.count})`}
          more={{ href: dashboardLinks.readyToSchedule, label: 'Open the list' }}
        >
          <OrderList
            items={data.readyToSchedule.items}
            empty="Nothing to schedule: accepted orders appear here once the kit has arrived or the customer supplies it."
          />
        </Section>
        <Section
          id="revisits"
          title={`Revisits needed (${data.revisitsNeeded.count})`}
          more={{ href: dashboardLinks.revisits, label: 'Open the list' }}
        >
          <OrderList items={data.revisitsNeeded.items} empty="No failed visit needs a revisit." />
        </Section>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Section id="visits-today" title={`Today’s visits (${data.visitsToday.length})`}>
          <VisitList visits={data.visitsToday} empty="No visit is booked for today." />
        </Section>
        <Section
          id="visits-week"
          title={`This week, ${formatDate(data.weekStart)} to ${formatDate(data.weekEnd)} (${data.visitsThisWeek.length})`}
        >
          <VisitList visits={data.visitsThisWeek} empty="No visit is booked this week." />
        </Section>
      </div>

      <Section
        id="reschedule-requests"
        title={`Reschedule requests from customers (${data.rescheduleRequests.length})`}
      >
        {data.rescheduleRequests.length === 0 ? (
          <Nothing>No customer has asked to move a visit.</Nothing>
        ) : (
          <ul className="grid gap-2">
            {data.rescheduleRequests.map((request) => (
              <li
                key={`${request.orderId}-${request.requestedAt}`}
                className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
              >
                <p>
                  <Link
                    href={contractorPaths.order(request.orderId)}
                    className="font-medium text-brand-700 underline"
                  >
                    {request.orderNumber}
                  </Link>{' '}
                  · {request.customerName} asked on {formatDate(request.requestedAt)}
                  {request.currentVisitDate
                    ? ` to move the visit of ${formatDate(request.currentVisitDate)}`
                    : ''}
                </p>
                <p className="text-slate-700">
                  Can do: {request.dates.map((d) => formatDate(d)).join(', ') || '—'}
                </p>
                {request.note && <p className="text-slate-600">“{request.note}”</p>}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

/** /contractor: the company's day and week, its offers to accept or decline, its month. */
export default function ContractorDashboardPage() {
  const dashboard = useContractorDashboard();
  const noCompany = dashboard.isError && errorCode(dashboard.error) === commonErrorCodes.notFound;
  const forbidden = dashboard.isError && errorCode(dashboard.error) === commonErrorCodes.forbidden;

  return (
    <PageLayout>
      <PageHeader
        title="Contractor dashboard"
        description={
          dashboard.data
            ? `${dashboard.data.company.name}: offers, work to schedule, visits and this month.`
            : 'Offers, work to schedule, visits and this month.'
        }
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void dashboard.refetch()}
              disabled={dashboard.isFetching}
            >
              <RefreshCw
                aria-hidden="true"
                className={dashboard.isFetching ? 'animate-spin' : ''}
              />
              Refresh
            </Button>
          </>
        }
      />
      {dashboard.isPending ? (
        <div
          className="grid grid-cols-2 gap-3 lg:grid-cols-4"
          role="status"
          aria-label="Loading dashboard"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : dashboard.isError ? (
        <EmptyState
          title={
            noCompany || forbidden
              ? 'Your account is not linked to a contractor company'
              : 'The dashboard could not be loaded'
          }
          action={
            noCompany || forbidden ? undefined : (
              <Button onClick={() => void dashboard.refetch()}>Try again</Button>
            )
          }
        >
          {noCompany || forbidden
            ? 'Ask back office to add your account to your company.'
            : errorMessage(dashboard.error, dashboard.error.message)}
        </EmptyState>
      ) : (
        <Dashboard data={dashboard.data} />
      )}
    </PageLayout>
  );
}
