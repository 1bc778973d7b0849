import { Webhook } from 'lucide-react';
import { statusTones } from '@shared/status-tones';
import type { WebhookEndpoint } from '@shared/webhooks/webhooks.contracts';
import { ListCard, ResponsiveList } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { useWebhookEndpoints } from '@web/api/webhooks/list-endpoints';
import { endpointState, eventLabel } from '../lib/labels';
import { EndpointActions } from './EndpointActions';

function State({ endpoint }: { endpoint: WebhookEndpoint }) {
  const state = endpointState(endpoint);
  return (
    <div className="grid gap-1">
      <StatusBadge tone={statusTones.webhookEndpoint[state.tone]} className="w-fit">
        {state.label}
      </StatusBadge>
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
  return (
    <ResponsiveList
      label="Webhook endpoints"
      cards={items.map((endpoint) => (
        <ListCard key={endpoint.id}>
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
      ))}
      table={
        <Table aria-label="Webhook endpoints">
          <TableHeader>
            <TableRow>
              <TableHead>Partner</TableHead>
              <TableHead>URL</TableHead>
              <TableHead>Events</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Secret</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((endpoint) => (
              <TableRow key={endpoint.id}>
                <TableCell className="font-medium">{endpoint.partnerName}</TableCell>
                <TableCell className="max-w-xs">
                  <span className="break-all">{endpoint.url}</span>
                  {endpoint.description && (
                    <span className="block text-xs text-slate-600">{endpoint.description}</span>
                  )}
                </TableCell>
                <TableCell className="max-w-xs">
                  <Events events={endpoint.events} />
                </TableCell>
                <TableCell>
                  <State endpoint={endpoint} />
                </TableCell>
                <TableCell className="font-mono text-xs">
                  {endpoint.secretHint}
                  {endpoint.previousSecretExpiresAt && (
                    <span className="block font-sans text-slate-600">
                      + previous until rotation ends
                    </span>
                  )}
                </TableCell>
                <TableCell>{actions(endpoint)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
    />
  );
}
