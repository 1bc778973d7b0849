import { Webhook } from 'lucide-react';
import type { WebhookEndpoint } from '@shared/webhooks/webhooks.contracts';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useWebhookEndpoints } from '@web/api/webhooks/list-endpoints';
import { endpointState, eventLabel } from '../lib/labels';
import { EndpointActions } from './endpoint-actions';

function State({ endpoint }: { endpoint: WebhookEndpoint }) {
  const state = endpointState(endpoint);
  return (
    <div className="grid gap-1">
      <StatusBadge kind="webhookEndpoint" status={state.status} className="w-fit" />
      {state.reason && <span className="text-xs text-slate-600">{state.reason}</span>}
    </div>
  );
}

function Events({ events }: { events: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Events">
      {events.map((type) => (
        <li
          key={type}
          className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700"
          title={type}
        >
          {eventLabel(type)}
        </li>
      ))}
    </ul>
  );
}

/** The partners' endpoints with their state and actions. */
export function EndpointsList({
  onEdit,
  onSecret,
}: {
  onEdit: (endpoint: WebhookEndpoint) => void;
  onSecret: (secret: string) => void;
}) {
  const endpoints = useWebhookEndpoints();
  if (endpoints.isPending) return <Skeleton className="h-24 w-full" />;
  if (endpoints.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        The endpoints could not be loaded.
      </p>
    );
  }
  const items = endpoints.data.items;
  if (items.length === 0) {
    return (
      <EmptyState icon={Webhook} title="No webhook endpoints yet" headingLevel={3}>
        Add a partner&apos;s URL to post their order events to it as they happen.
      </EmptyState>
    );
  }
  const actions = (endpoint: WebhookEndpoint) => (
    <EndpointActions endpoint={endpoint} onEdit={onEdit} onSecret={onSecret} />
  );
  const columns: DataTableColumn<WebhookEndpoint>[] = [
    {
      id: 'partner',
      header: 'Partner',
      cell: ({ row }) => row.original.partnerName,
      meta: { className: 'font-medium' },
    },
    {
      id: 'url',
      header: 'URL',
      cell: ({ row: { original: endpoint } }) => (
        <>
          <span className="break-all">{endpoint.url}</span>
          {endpoint.description && (
            <span className="block text-xs text-slate-600">{endpoint.description}</span>
          )}
        </>
      ),
      meta: { className: 'max-w-xs' },
    },
    {
      id: 'events',
      header: 'Events',
      cell: ({ row }) => <Events events={row.original.events} />,
      meta: { className: 'max-w-xs' },
    },
    { id: 'state', header: 'State', cell: ({ row }) => <State endpoint={row.original} /> },
    {
      id: 'secret',
      header: 'Secret',
      cell: ({ row: { original: endpoint } }) => (
        <>
          {endpoint.secretHint}
          {endpoint.previousSecretExpiresAt && (
            <span className="block font-sans text-slate-600">+ previous until rotation ends</span>
          )}
        </>
      ),
      meta: { className: 'font-mono text-xs' },
    },
    { id: 'actions', header: 'Actions', cell: ({ row }) => actions(row.original) },
  ];
  return (
    <DataTable
      data={items}
      columns={columns}
      getRowId={(endpoint) => endpoint.id}
      tableLabel="Webhook endpoints"
      cards={{
        label: 'Webhook endpoints',
        render: (endpoint) => (
          <ListCard>
            <div className="flex items-start justify-between gap-2">
              <span className="font-medium text-slate-900">{endpoint.partnerName}</span>
              <State endpoint={endpoint} />
            </div>
            <span className="text-sm break-all text-slate-700">{endpoint.url}</span>
            {endpoint.description && (
              <span className="text-sm text-slate-600">{endpoint.description}</span>
            )}
            <Events events={endpoint.events} />
            <span className="font-mono text-xs text-slate-600">Secret {endpoint.secretHint}</span>
            {actions(endpoint)}
          </ListCard>
        ),
      }}
    />
  );
}
