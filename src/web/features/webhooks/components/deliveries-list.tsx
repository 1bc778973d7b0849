import { Send } from 'lucide-react';
import { useState } from 'react';
import {
  webhookDeliveryStatuses,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@shared/webhooks/webhooks.contracts';
import { DataTable, hiddenHeading, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Pagination } from '@web/components/ui/pagination';
import { cursorStep } from '@web/lib/cursor-paging';
import { FilterBar, optionsOf } from '@web/components/filter-bar';
import { useListFilters } from '@web/lib/use-list-filters';
import { Skeleton } from '@web/components/ui/skeleton';
import { useWebhookDeliveries } from '@web/api/webhooks/list-deliveries';
import { useWebhookEndpoints } from '@web/api/webhooks/list-endpoints';
import { formatDateTime } from '../lib/labels';
import { statusLabels } from '@shared/status-words';
import { DeliveryDialog } from './delivery-dialog';

function Status({ delivery }: { delivery: WebhookDelivery }) {
  return <StatusBadge kind="webhookDelivery" status={delivery.status} />;
}

function lastAnswer(delivery: WebhookDelivery) {
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  return delivery.attempts === 0 ? 'Not sent yet' : (delivery.lastError ?? 'No answer');
}

/**
 * Every delivery, newest first, by endpoint and status; a row opens its attempts. `partnerId`
 * narrows it to one partner (the /api/logs page's partner filter).
 */
export function DeliveriesList({ partnerId }: { partnerId?: string } = {}) {
  const { filters, setPage, field } = useListFilters({
    endpointId: '',
    status: '' as WebhookDeliveryStatus | '',
  });
  const { endpointId, status, page, cursor } = filters;
  const [openId, setOpenId] = useState<string | null>(null);
  const pageSize = 25;
  const endpoints = useWebhookEndpoints();
  const endpointOptions = (endpoints.data?.items ?? [])
    .filter((endpoint) => !partnerId || endpoint.partnerId === partnerId)
    .map((endpoint) => ({ value: endpoint.id, label: `${endpoint.partnerName}: ${endpoint.url}` }));
  const deliveries = useWebhookDeliveries({
    partnerId: partnerId || undefined,
    endpointId: endpointId || undefined,
    status: status || undefined,
    page,
    cursor: cursor || undefined,
    pageSize,
  });

  const open = (delivery: WebhookDelivery) => (
    <Button
      size="sm"
      variant="outline"
      onClick={() => setOpenId(delivery.id)}
      aria-label={`Details of ${delivery.eventType} for ${delivery.orderNumber ?? 'the order'}`}
    >
      Details
    </Button>
  );

  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      id: 'time',
      header: 'Time',
      cell: ({ row: { original: delivery } }) => formatDateTime(delivery.createdAt),
      meta: { className: 'whitespace-nowrap' },
    },
    { id: 'partner', header: 'Partner', cell: ({ row }) => row.original.partnerName },
    {
      id: 'event',
      header: 'Event',
      cell: ({ row }) => <code className="text-xs">{row.original.eventType}</code>,
    },
    { id: 'order', header: 'Order', cell: ({ row }) => row.original.orderNumber ?? '—' },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <Status delivery={row.original} />,
    },
    { id: 'attempts', header: 'Attempts', cell: ({ row }) => row.original.attempts },
    {
      id: 'lastAnswer',
      header: 'Last answer',
      cell: ({ row }) => (
        <span className="block max-w-xs truncate" title={lastAnswer(row.original)}>
          {lastAnswer(row.original)}
        </span>
      ),
    },
    { id: 'details', header: hiddenHeading('Details'), cell: ({ row }) => open(row.original) },
  ];

  return (
    <div className="grid min-w-0 gap-3">
      <FilterBar
        className="flex min-w-0 flex-wrap"
        filters={[
          {
            kind: 'select',
            label: 'Endpoint',
            allLabel: 'All endpoints',
            options: endpointOptions,
            className: 'w-full min-w-0 sm:w-80',
            selectClassName: 'w-full truncate',
            ...field('endpointId'),
          },
          {
            kind: 'select',
            label: 'Status',
            allLabel: 'Any status',
            options: optionsOf(webhookDeliveryStatuses, statusLabels.webhookDelivery),
            ...field('status'),
          },
        ]}
      />

      {deliveries.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The deliveries could not be loaded.
        </p>
      ) : deliveries.data.items.length === 0 ? (
        <EmptyState icon={Send} title="No deliveries" headingLevel={3}>
          Order events of partners with an endpoint appear here as they are sent.
        </EmptyState>
      ) : (
        <>
          <DataTable
            data={deliveries.data.items}
            columns={columns}
            getRowId={(delivery) => delivery.id}
            tableLabel="Webhook deliveries"
            cards={{
              label: 'Webhook deliveries',
              render: (delivery) => (
                <ListCard>
                  <div className="flex items-start justify-between gap-2">
                    <code className="min-w-0 text-sm break-all text-slate-900">
                      {delivery.eventType}
                    </code>
                    <Status delivery={delivery} />
                  </div>
                  <span className="text-sm text-slate-700">
                    {delivery.partnerName}
                    {delivery.orderNumber && ` · ${delivery.orderNumber}`}
                  </span>
                  <span className="text-xs text-slate-600">
                    {formatDateTime(delivery.createdAt)} · {delivery.attempts} attempt
                    {delivery.attempts === 1 ? '' : 's'} · {lastAnswer(delivery)}
                  </span>
                  <div>{open(delivery)}</div>
                </ListCard>
              ),
            }}
          />
          <Pagination
            page={page}
            pageSize={pageSize}
            total={deliveries.data.total}
            totalIsEstimate={deliveries.data.totalIsEstimate}
            totalIsLowerBound={deliveries.data.totalIsLowerBound}
            shown={deliveries.data.items.length}
            noun={{ one: 'delivery', many: 'deliveries' }}
            hasNext={deliveries.data.nextCursor !== null}
            hasPrevious={deliveries.data.prevCursor !== null}
            onPageChange={(next) => {
              const step = cursorStep(next, page, deliveries.data);
              setPage(step.page, step.cursor);
            }}
            label="Delivery pages"
          />
        </>
      )}
      <DeliveryDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
