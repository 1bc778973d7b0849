import { useState } from 'react';
import {
  messageChannels,
  messageStatuses,
  type ListMessagesQuery,
  type Message,
} from '@shared/messages/messages.contracts';
import { useMessages } from '@web/api/messages/list-messages';
import { useResendMessage } from '@web/api/messages/resend-message';
import { FilterBar, optionsOf } from '@web/components/filter-bar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api-client';
import { messageKindWords, statusLabels } from '@shared/status-words';
import { MessageLog, channelLabels } from './message-log';

/** The SMS system page's message log: every message by channel, status, recipient, order, date. */
export function MessageLogSection() {
  const [filters, setFilters] = useState<ListMessagesQuery>({ pageSize: 25 });
  const messages = useMessages(filters);
  const resend = useResendMessage();
  const set = (key: keyof ListMessagesQuery) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined, page: 1 }));
  const field = (key: 'channel' | 'status' | 'to' | 'from' | 'until') => ({
    value: filters[key] ?? '',
    onChange: set(key),
  });
  const resendButton = (message: Message) => (
    <Button
      size="sm"
      variant="outline"
      disabled={resend.isPending}
      onClick={() => resend.mutate(message.id)}
      aria-label={`Resend ${messageKindWords(message.kind)} to ${message.to}`}
    >
      Resend
    </Button>
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Message log</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FilterBar
          className="sm:grid-cols-3 lg:grid-cols-6"
          filters={[
            {
              kind: 'select',
              label: 'Channel',
              allLabel: 'All',
              options: optionsOf(messageChannels, channelLabels),
              ...field('channel'),
            },
            {
              kind: 'select',
              label: 'Status',
              allLabel: 'All',
              options: optionsOf(messageStatuses, statusLabels.message),
              ...field('status'),
            },
            { kind: 'text', label: 'Recipient', ...field('to') },
            {
              kind: 'text',
              label: 'Order ID',
              value: filters.orderId ?? '',
              onChange: (value) => set('orderId')(value.trim()),
            },
            { kind: 'text', label: 'From', type: 'date', ...field('from') },
            { kind: 'text', label: 'Until', type: 'date', ...field('until') },
          ]}
        />
        {messages.error && (
          <p role="alert">{errorMessage(messages.error, 'Could not load the log')}</p>
        )}
        <MessageLog messages={messages.data?.messages ?? []} view="log" action={resendButton} />
        {messages.data && (
          <p className="text-sm text-slate-600">
            {messages.data.total} message{messages.data.total === 1 ? '' : 's'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
