import type { RouteComponentProps } from 'wouter';
import { FileDown } from 'lucide-react';
import { orderStatusLabels } from '@shared/orders/order-status';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { PrintButton } from '@web/components/print-button';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useOrderSummary } from '@web/api/visits/get-order-summary';
import { formatDate } from '../lib/format';
import { VisitRecordView } from './visit-record-view';

/** /order-summary/:orderNumber: the completed installation and its completion certificate. */
export default function OrderSummaryPage({ params }: RouteComponentProps) {
  const orderNumber = decodeURIComponent(params.orderNumber ?? '');
  const query = useOrderSummary(orderNumber);
  if (query.isPending)
    return (
      <Skeleton className="h-64 w-full" role="status" aria-label="Loading the order summary" />
    );
  if (query.isError)
    return (
      <EmptyState headingLevel={1} title="Order not found">
        {errorMessage(query.error, 'The order summary could not be loaded.')}
      </EmptyState>
    );
  const summary = query.data;
  return (
    <PageLayout>
      <PageHeader
        title="Order summary"
        description={`${summary.orderNumber} · ${summary.customerName}`}
        actions={<PrintButton />}
      />
      <div className="grid gap-4">
        <Card>
          <CardContent className="grid gap-3 pt-6">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Customer</dt>
              <dd>{summary.customerName}</dd>
              <dt className="text-slate-600">Address</dt>
              <dd>{summary.address}</dd>
              <dt className="text-slate-600">Job</dt>
              <dd>{summary.jobTypeName}</dd>
              <dt className="text-slate-600">Partner</dt>
              <dd>{summary.partnerName}</dd>
              <dt className="text-slate-600">Status</dt>
              <dd>{orderStatusLabels[summary.orderStatus]}</dd>
              <dt className="text-slate-600">Completed</dt>
              <dd>
                {summary.visit
                  ? `${formatDate(summary.completedAt)} by ${summary.engineerName}`
                  : 'Not yet'}
              </dd>
            </dl>
            {summary.certificateUrl ? (
              <a
                href={summary.certificateUrl}
                download
                data-print="hide"
                className="inline-flex h-10 w-fit items-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                <FileDown aria-hidden="true" className="size-4" />
                Completion certificate (PDF)
              </a>
            ) : (
              <p className="text-sm text-slate-600">
                The completion certificate is available once the installation is completed.
              </p>
            )}
          </CardContent>
        </Card>
        {summary.visit && (
          <VisitRecordView record={summary.visit} index={0} thresholds={summary.thresholds} />
        )}
      </div>
    </PageLayout>
  );
}
