import { ArrowLeft, FileText, Pencil, Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, type RouteComponentProps } from 'wouter';
import type { AllowedAction, LifecycleActor } from '@shared/orders/order-lifecycle';
import { nextStep, primaryAction } from '@shared/orders/next-step';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { orderStatusLabels } from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { commonErrorCodes } from '@shared/api-error';
import { errorCode, errorMessage } from '@web/lib/api-client';
import { useOrder } from '@web/api/orders/get-order';
import { EditOrderDialog } from './edit-order-dialog';
import { OrderActionDialog } from './order-action-dialog';
import { ResendLinkButtons } from './resend-link-buttons';
import {
  ContractorSection,
  CustomerSection,
  FieldFlagsWarning,
  KitSection,
  MoneySection,
  Section,
  Timeline,
  VisitsSection,
} from './order-sections';
import { StatusBadge } from '@web/components/status-badge';
import { CustomerAnswers } from '@web/components/customer-answers';
import { SlaBadge } from './sla-badge';
import { PageLayout } from '@web/components/page-layout';
import { useOrdersArea } from '../lib/orders-area';

const destructive = new Set(['cancel', 'unassign', 'decline', 'fail']);

/**
 * /orders/:id (back office) and /contractor/orders/:id (decision 032): everything about one
 * order the viewer may see, and the moves allowed now.
 */
export default function OrderDetailPage({
  params,
  messages,
  notes,
}: RouteComponentProps & {
  /** The messages sent about the order, from the messages area (the app composes them). */
  messages?: (orderId: string) => ReactNode;
  /** The notes on the order, from the order-notes area (issue 25; the app composes them). */
  notes?: (order: OrderDetail) => ReactNode;
}) {
  const { basePath, backOffice } = useOrdersArea();
  const [, navigate] = useLocation();
  const id = params.id ?? '';
  const order = useOrder(id);
  const [acting, setActing] = useState<AllowedAction | null>(null);
  const [editing, setEditing] = useState(false);

  if (order.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading order">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (order.isError) {
    const notFound = errorCode(order.error) === commonErrorCodes.notFound;
    return (
      <EmptyState
        title={notFound ? 'Order not found' : 'The order could not be loaded'}
        action={
          <Button asChild variant="outline">
            <Link href={basePath}>Back to orders</Link>
          </Button>
        }
      >
        {errorMessage(order.error, order.error.message)}
      </EmptyState>
    );
  }

  const o = order.data;
  const viewer: LifecycleActor[] = backOffice ? ['back_office'] : ['contractor', 'engineer'];
  const next = nextStep(o);
  const primary = primaryAction(
    o,
    viewer,
    o.allowedActions.map((allowed) => allowed.action),
  );
  return (
    <PageLayout>
      <Link
        href={basePath}
        className="inline-flex w-fit items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Orders
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{o.orderNumber}</h1>
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge kind="order" status={o.status} />
            <StatusBadge kind="kit" status={o.kitStatus} />
            <SlaBadge slaState={o.slaState} status={o.status} />
          </div>
          {o.status === 'on_hold' && o.holdFromStatus && (
            <p className="text-sm text-slate-600">
              Resumes to {orderStatusLabels[o.holdFromStatus].toLowerCase()}.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {backOffice && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit order
            </Button>
          )}
          <Button variant="outline" size="sm" asChild>
            <Link href={`/installation/${o.id}`}>
              <FileText aria-hidden="true" />
              Installation details
            </Link>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <Link href={`/order-summary/${encodeURIComponent(o.orderNumber)}`}>
              <Printer aria-hidden="true" />
              Order summary
            </Link>
          </Button>
        </div>
      </div>

      <section
        aria-labelledby="actions-heading"
        className="rounded-lg border border-slate-200 bg-white p-3"
      >
        <h2 id="actions-heading" className="mb-2 text-sm font-semibold text-slate-700">
          Next steps
        </h2>
        {next && !primary && (
          <p className="mb-2 text-sm text-slate-600" data-testid="waiting-for">
            Waiting for {next.waitingFor}.
          </p>
        )}
        {o.allowedActions.length === 0 ? (
          <p className="text-sm text-slate-600">No change can be made to this order now.</p>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            {[...o.allowedActions]
              .filter((allowed) => !destructive.has(allowed.action))
              .sort((a, b) => (a.action === primary ? -1 : b.action === primary ? 1 : 0))
              .map((allowed) => (
                <Button
                  key={allowed.action}
                  size="sm"
                  variant={allowed.action === primary ? 'default' : 'outline'}
                  onClick={() => setActing(allowed)}
                >
                  {allowed.label}
                </Button>
              ))}
            {o.allowedActions.some((allowed) => destructive.has(allowed.action)) && (
              <div
                className="flex flex-wrap gap-2 sm:ml-auto sm:border-l sm:border-slate-200 sm:pl-3"
                role="group"
                aria-label="Undo or stop"
              >
                {o.allowedActions
                  .filter((allowed) => destructive.has(allowed.action))
                  .map((allowed) => (
                    <Button
                      key={allowed.action}
                      size="sm"
                      variant="outline"
                      className="border-red-300 text-red-700 hover:bg-red-50"
                      onClick={() => setActing(allowed)}
                    >
                      {allowed.label}
                    </Button>
                  ))}
              </div>
            )}
          </div>
        )}
        {backOffice && <ResendLinkButtons order={o} />}
      </section>

      {backOffice && <FieldFlagsWarning order={o} />}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid content-start gap-4 lg:col-span-2">
          <div className="grid gap-4 md:grid-cols-2">
            <CustomerSection
              order={o}
              link={
                backOffice ? (
                  <Link
                    href={`/customers/${o.customer.id}`}
                    className="text-sm text-brand-700 hover:underline"
                  >
                    Open customer
                  </Link>
                ) : undefined
              }
            />
            <MoneySection order={o} />
            <KitSection order={o} />
            <ContractorSection order={o} />
          </div>
          <Section title="From the customer">
            <CustomerAnswers
              answers={o.customerAnswers}
              formRecorded={o.timeline.some((event) => event.type === 'submit_customer_form')}
            />
          </Section>
          <VisitsSection order={o} />
          {notes?.(o)}
          {backOffice && messages?.(o.id)}
        </div>
        <Timeline events={o.timeline} order={o} />
      </div>

      {acting && (
        <OrderActionDialog
          key={acting.action}
          order={o}
          allowed={acting}
          open
          onOpenChange={(open) => !open && setActing(null)}
          onGone={() => navigate(basePath)}
        />
      )}
      {backOffice && <EditOrderDialog order={o} open={editing} onOpenChange={setEditing} />}
    </PageLayout>
  );
}
