import { format } from 'date-fns';
import { Mail, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Message } from '@shared/messages/messages.contracts';
import { formatUkPhone } from '@shared/phone';
import { messageKindWords, messageStatusWords } from '@shared/status-words';
import { DataTable, hiddenHeading, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';

export const channelLabels = { email: 'Email', sms: 'SMS' } as const satisfies Record<
  Message['channel'],
  string
>;
const providerLabels = { smtp: 'SMTP', twilio: 'Twilio', outbox: 'Outbox' } as const;

/** A phone number as the outbox shows it (07700 900001); an address as it is. */
export function recipient(message: Message): string {
  return message.channel === 'sms' ? formatUkPhone(message.to) : message.to;
}

/** What the outbox shows as a message's subject: an email's subject, else the start of the text. */
function summary(message: Message): string {
  if (message.subject) return message.subject;
  const text = message.body.trim();
  if (text) return text.length > 70 ? `${text.slice(0, 69)}…` : text;
  return messageKindWords(message.kind);
}

export function outboxTime(iso: string): string {
  return format(new Date(iso), 'd MMM yyyy, HH:mm');
}

const logTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const logTime = (iso: string) => logTimeFormat.format(new Date(iso));

/**
 * The two readings of the message log. The outbox (the users page's Messages tab) is for
 * reading what was sent: phone numbers as dialled, the subject, the provider. The SMS system's
 * log is for resending: the number as stored, the kind of message.
 */
type View = 'outbox' | 'log';

function columnsOf(
  view: View,
  action: (message: Message) => ReactNode,
): DataTableColumn<Message>[] {
  const channel: DataTableColumn<Message> = {
    id: 'channel',
    header: 'Channel',
    cell: ({ row: { original: message } }) =>
      view === 'log' ? (
        channelLabels[message.channel]
      ) : (
        <span className="inline-flex items-center gap-1.5">
          {message.channel === 'email' ? (
            <Mail aria-hidden="true" className="size-4 text-slate-500" />
          ) : (
            <MessageSquare aria-hidden="true" className="size-4 text-slate-500" />
          )}
          {channelLabels[message.channel]}
        </span>
      ),
  };
  if (view === 'log') {
    return [
      { id: 'when', header: 'When', cell: ({ row }) => logTime(row.original.createdAt) },
      channel,
      { id: 'kind', header: 'Message', cell: ({ row }) => messageKindWords(row.original.kind) },
      {
        id: 'to',
        header: 'To',
        cell: ({ row }) => row.original.to,
        meta: { className: 'break-all' },
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original: message } }) => (
          <>
            <StatusBadge kind="message" status={message.status}>
              {messageStatusWords(message)}
            </StatusBadge>
            {message.lastError && (
              <p className="mt-1 text-xs text-slate-600">{message.lastError}</p>
            )}
          </>
        ),
      },
      { id: 'actions', header: hiddenHeading('Actions'), cell: ({ row }) => action(row.original) },
    ];
  }
  return [
    {
      id: 'created',
      header: 'Created',
      cell: ({ row }) => outboxTime(row.original.createdAt),
      meta: { className: 'whitespace-nowrap' },
    },
    channel,
    {
      id: 'to',
      header: 'To',
      cell: ({ row }) => (
        <span className="block max-w-64 truncate" title={recipient(row.original)}>
          {recipient(row.original)}
        </span>
      ),
    },
    { id: 'subject', header: 'Subject', cell: ({ row }) => summary(row.original) },
    {
      id: 'delivery',
      header: 'Delivery',
      cell: ({ row: { original: message } }) => (
        <>
          <div className="flex flex-wrap items-center gap-1">
            <StatusBadge kind="message" status={message.status}>
              {messageStatusWords(message)}
            </StatusBadge>
            {message.provider && (
              <span className="text-xs text-slate-500">{providerLabels[message.provider]}</span>
            )}
          </div>
          {message.lastError && <p className="mt-1 text-xs text-red-700">{message.lastError}</p>}
        </>
      ),
    },
    { id: 'open', header: hiddenHeading('Open'), cell: ({ row }) => action(row.original) },
  ];
}

function MessageCard({
  message,
  view,
  action,
}: {
  message: Message;
  view: View;
  action: ReactNode;
}) {
  const outbox = view === 'outbox';
  return (
    <ListCard>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          {outbox ? (
            <p className="truncate text-sm font-medium text-slate-900" title={recipient(message)}>
              {recipient(message)}
            </p>
          ) : (
            <p className="font-medium break-all">{message.to}</p>
          )}
          <p className={outbox ? 'text-xs text-slate-500' : 'text-sm text-slate-600'}>
            {channelLabels[message.channel]} ·{' '}
            {outbox
              ? outboxTime(message.createdAt)
              : `${messageKindWords(message.kind)} · ${logTime(message.createdAt)}`}
          </p>
        </div>
        <StatusBadge kind="message" status={message.status}>
          {messageStatusWords(message)}
        </StatusBadge>
      </div>
      {outbox && <p className="text-sm text-slate-700">{summary(message)}</p>}
      {message.lastError && (
        <p className={outbox ? 'text-xs text-red-700' : 'text-sm text-slate-700'}>
          {message.lastError}
        </p>
      )}
      <div className={outbox ? undefined : 'mt-2'}>{action}</div>
    </ListCard>
  );
}

/** The messages the product sent or would have sent: a card each on a phone, a table from `md`. */
export function MessageLog({
  messages,
  view,
  action,
}: {
  messages: Message[];
  view: View;
  /** The one button a message carries: Read in the outbox, Resend in the log. */
  action: (message: Message) => ReactNode;
}) {
  return (
    <DataTable
      data={messages}
      columns={columnsOf(view, action)}
      getRowId={(message) => message.id}
      tableLabel={view === 'outbox' ? 'Messages' : undefined}
      cards={{
        label: 'Messages',
        render: (message) => <MessageCard message={message} view={view} action={action(message)} />,
      }}
    />
  );
}
