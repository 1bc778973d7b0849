import type { RouteComponentProps } from 'wouter';
import { Link } from 'wouter';
import { orderStatusLabels } from '@shared/orders/order-status';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { PrintButton } from '@web/components/print-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useInstallation } from '@web/api/visits/get-installation';
import { CustomerAnswers } from '@web/components/customer-answers';
import { VisitRecordView } from './visit-record-view';

/** /installation/:orderId: each visit of the order with everything the engineer recorded. */
export default function InstallationPage({ params }: RouteComponentProps) {
  const query = useInstallation(params.orderId ?? '');
  if (query.isPending)
    return <Skeleton className="h-64 w-full" role="status" aria-label="Loading the installation" />;
  if (query.isError)
    return (
      <EmptyState headingLevel={1} title="Installation not found">
        {errorMessage(query.error, 'The installation could not be loaded.')}
      </EmptyState>
    );
  const data = query.data;
  return (
    <PageLayout>
      <PageHeader
        title="Installation details"
        description={`${data.orderNumber} · ${data.customerName} · ${data.address}`}
        actions={<PrintButton />}
      />
      <div className="grid gap-4">
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span>{data.jobTypeName}</span>
          <span>Order status: {orderStatusLabels[data.orderStatus]}</span>
          <Link
            data-print="hide"
            className="text-brand-700 underline"
            href={`/order-summary/${encodeURIComponent(data.orderNumber)}`}
          >
            Order summary
          </Link>
        </p>
        <section
          aria-labelledby="from-customer-heading"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="from-customer-heading" className="mb-2 text-base font-semibold text-slate-900">
            From the customer
          </h2>
          <CustomerAnswers answers={data.customerAnswers} />
        </section>
        {data.visits.length === 0 ? (
          <p className="text-sm text-slate-600">No visit scheduled yet.</p>
        ) : (
          data.visits.map((record, index) => (
            <VisitRecordView
              key={record.visitId}
              record={record}
              index={index}
              thresholds={data.thresholds}
            />
          ))
        )}
      </div>
    </PageLayout>
  );
}
