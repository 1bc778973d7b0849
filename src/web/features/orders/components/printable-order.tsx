import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { commonErrorCodes } from '@shared/api-error';
import { errorCode, errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { formatDateTime } from '@web/lib/format-date';
import { StatusBadge } from '@web/components/status-badge';
import { SlaBadge } from './sla-badge';

// The app shell's top bar and navigation are not part of a printed record; this page hides
// them while it is shown (the shell is another area's code, so the rule lives with the page).
const printCss = `@media print {
  body header, body nav, a[href="#main"] { display: none !important; }
  body main { max-width: none !important; padding: 0 !important; }
  body { background: white !important; }
  @page { margin: 14mm; }
}`;

/** A read view of the order, laid out for the screen and for paper. */
export function PrintableOrder({
  title,
  query,
  children,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; data?: OrderDetail };
  children: (order: OrderDetail) => ReactNode;
}) {
  const { user } = useAuth();
  // Contractors and engineers may read these views, but the order page is back office's.
  const backOffice =
    user?.role === 'back_office' || (user?.additionalRoles.includes('back_office') ?? false);
  if (query.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading order">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    const notFound = errorCode(query.error) === commonErrorCodes.notFound;
    return (
      <EmptyState title={notFound ? 'Order not found' : 'The order could not be loaded'}>
        {errorMessage(query.error, query.error?.message ?? '')}
      </EmptyState>
    );
  }
  const order = query.data;
  return (
    <article className="mx-auto grid w-full max-w-4xl gap-4 print:max-w-none print:gap-3 print:text-[11pt]">
      <style>{printCss}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        {backOffice ? (
          <Link
            href={`/orders/${order.id}`}
            className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Order {order.orderNumber}
          </Link>
        ) : (
          <span />
        )}
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-3">
        <div>
          <p className="text-sm text-slate-500">Uplink · {title}</p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {order.orderNumber}
          </h1>
          <p className="text-sm text-slate-600">
            {order.customer.firstName} {order.customer.lastName} · {order.customer.address.postcode}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge kind="order" status={order.status} />
          <StatusBadge kind="kit" status={order.kitStatus} />
          <SlaBadge slaState={order.slaState} status={order.status} />
        </div>
      </div>
      {children(order)}
      <p className="text-xs text-slate-500">Printed {formatDateTime(new Date().toISOString())}</p>
    </article>
  );
}
