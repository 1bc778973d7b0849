import { Send } from 'lucide-react';
import { useState } from 'react';
import { statusTones } from '@shared/status-tones';
import {
  webhookDeliveryStatuses,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@shared/webhooks/webhooks.contracts';
import { ListCard, ResponsiveList } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { Pagination } from '@web/components/ui/pagination';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { useWebhookDeliveries } from '@web/api/webhooks/list-deliveries';
import { useWebhookEndpoints } from '@web/api/webhooks/list-endpoints';
import { deliveryStatusLabels, formatDateTime } from '../lib/labels';
import { DeliveryDialog } from './DeliveryDialog';

function Status({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <StatusBadge tone={statusTones.webhookDelivery[delivery.status]}>
      {deliveryStatusLabels[delivery.status]}
    </StatusBadge>
  );
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
  const [endpointId, setEndpointId] = useState('');
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const pageSize = 25;
  const endpoints = useWebhookEndpoints();
  const deliveries = useWebhookDeliveries({
    partnerId: partnerId || undefined,
    endpointId: endpointId || undefined,
    status: status || undefined,
    page,
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

  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex min-w-0 flex-wrap gap-3">
        <div className="w-full min-w-0 space-y-1 sm:w-80">
          <Label htmlFor="delivery-endpoint" className="block">
            Endpoint
          </Label>
          <Select
            id="delivery-endpoint"
            className="w-full truncate"
            value={endpointId}
            onChange={(event) => {
              setEndpointId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All endpoints</option>
            {endpoints.data?.items
              .filter((endpoint) => !partnerId || endpoint.partnerId === partnerId)
              .map((endpoint) => (
                <option key={endpoint.id} value={endpoint.id}>
                  {endpoint.partnerName}: {endpoint.url}
                </option>
              ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="delivery-status">Status</Label>
          <Select
            id="delivery-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as WebhookDeliveryStatus | '');
              setPage(1);
            }}
          >
            <option value="">Any status</option>
            {webhookDeliveryStatuses.map((value) => (
              <option key={value} value={value}>
                {deliveryStatusLabels[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>

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
          <ResponsiveList
            label="Webhook deliveries"
            cards={deliveries.data.items.map((delivery) => (
              <ListCard key={delivery.id}>
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
            ))}
            table={
              <Table aria-label="Webhook deliveries">
                <TableHeader>
                  <TableRow>
                    <TableHead>Time</TableHead>
                    <TableHead>Partner</TableHead>
                    <TableHead>Event</TableHead>
                    <TableHead>Order</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Attempts</TableHead>
                    <TableHead>Last answer</TableHead>
                    <TableHead>
                      <span className="sr-only">Details</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {deliveries.data.items.map((delivery) => (
                    <TableRow key={delivery.id}>
                      <TableCell className="whitespace-nowrap">
                        {formatDateTime(delivery.createdAt)}
                      </TableCell>
                      <TableCell>{delivery.partnerName}</TableCell>
                      <TableCell>
                        <code className="text-xs">{delivery.eventType}</code>
                      </TableCell>
                      <TableCell>{delivery.orderNumber ?? '—'}</TableCell>
                      <TableCell>
                        <Status delivery={delivery} />
                      </TableCell>
                      <TableCell>{delivery.attempts}</TableCell>
                      <TableCell className="max-w-xs truncate" title={lastAnswer(delivery)}>
                        {lastAnswer(delivery)}
                      </TableCell>
                      <TableCell>{open(delivery)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            }
          />
          <Pagination
            page={page}
            pageSize={pageSize}
            total={deliveries.data.total}
            onPageChange={setPage}
            label="Delivery pages"
          />
        </>
      )}
      <DeliveryDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
