import { format } from 'date-fns';
import { Inbox, Mail, MessageSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import {
  messageChannels,
  messageStatuses,
  type Message,
} from '@shared/messages/messages.contracts';
import { formatUkPhone } from '@shared/phone';
import { Button } from '@web/components/ui/button';
import { Pagination } from '@web/components/ui/pagination';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
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
import { errorMessage } from '@web/lib/api-client';
import { useMessages } from '@web/api/messages/list-messages';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { statusTones } from '@shared/status-tones';
import { StatusBadge } from '@web/components/status-badge';
import { ListCard, ResponsiveList } from '@web/components/responsive-list';

type Channel = (typeof messageChannels)[number];
type Status = (typeof messageStatuses)[number];

const pageSize = 25;

const statusLabel: Record<Status, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  suppressed: 'Suppressed',
};
const channelLabel: Record<Channel, string> = { email: 'Email', sms: 'SMS' };
const providerLabel = { smtp: 'SMTP', twilio: 'Twilio', outbox: 'Outbox' } as const;

function recipient(message: Message): string {
  return message.channel === 'sms' ? formatUkPhone(message.to) : message.to;
}

/** What the list shows as a message's subject: an email's subject, else the start of the text. */
function summary(message: Message): string {
  if (message.subject) return message.subject;
  const text = message.body.trim();
  if (text) return text.length > 70 ? `${text.slice(0, 69)}…` : text;
  const kind = message.kind.replace(/[_-]+/g, ' ');
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

function when(iso: string): string {
  return format(new Date(iso), 'd MMM yyyy, HH:mm');
}

/**
 * Every email and SMS the product sent or would have sent, with its status. While no provider
 * is configured this is the only place the messages can be read (the outbox).
 */
export function MessagesOutbox() {
  const [channel, setChannel] = useState<Channel | ''>('');
  const [status, setStatus] = useState<Status | ''>('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Message | null>(null);
  const debouncedTo = useDebouncedValue(to.trim(), 300);
  const messages = useMessages({
    channel: channel || undefined,
    status: status || undefined,
    to: debouncedTo || undefined,
    page,
    pageSize,
  });

  const delivery = messages.data?.delivery;
  const total = messages.data?.total ?? 0;

  return (
    <div className="grid gap-4">
      {delivery && (delivery.email === 'outbox' || delivery.sms === 'outbox') && (
        <p className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Inbox aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {delivery.email === 'outbox' && delivery.sms === 'outbox'
              ? 'No email or SMS provider is configured: messages are not delivered, they are kept here.'
              : delivery.email === 'outbox'
                ? 'No email server is configured: emails are not delivered, they are kept here.'
                : 'No SMS provider is configured: text messages are not delivered, they are kept here.'}
          </span>
        </p>
      )}

      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_10rem_auto]">
        <div className="grid gap-1.5">
          <Label htmlFor="messages-to">Recipient</Label>
          <Input
            id="messages-to"
            type="search"
            placeholder="Email address or phone number"
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="messages-channel">Channel</Label>
          <Select
            id="messages-channel"
            value={channel}
            onChange={(event) => {
              setChannel(event.target.value as Channel | '');
              setPage(1);
            }}
          >
            <option value="">All channels</option>
            {messageChannels.map((value) => (
              <option key={value} value={value}>
                {channelLabel[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="messages-status">Delivery</Label>
          <Select
            id="messages-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status | '');
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {messageStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel[value]}
              </option>
            ))}
          </Select>
        </div>
        {/* Sending is a background job: a queued message becomes Sent or Failed a moment later. */}
        <Button
          variant="outline"
          className="self-end"
          onClick={() => void messages.refetch()}
          disabled={messages.isFetching}
        >
          <RefreshCw aria-hidden="true" className={messages.isFetching ? 'animate-spin' : ''} />
          Refresh
        </Button>
      </div>

      {messages.isError ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          The messages could not be loaded: {errorMessage(messages.error, messages.error.message)}
        </p>
      ) : messages.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-12" />
          ))}
        </div>
      ) : total === 0 ? (
        <EmptyState icon={Inbox} title="No messages">
          Invitations, sign-in codes and customer notifications appear here once sent.
        </EmptyState>
      ) : (
        <>
          <ResponsiveList
            label="Messages"
            cards={messages.data.messages.map((message) => (
              <ListCard key={message.id}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p
                      className="truncate text-sm font-medium text-slate-900"
                      title={recipient(message)}
                    >
                      {recipient(message)}
                    </p>
                    <p className="text-xs text-slate-500">
                      {channelLabel[message.channel]} · {when(message.createdAt)}
                    </p>
                  </div>
                  <StatusBadge tone={statusTones.message[message.status]}>
                    {statusLabel[message.status]}
                  </StatusBadge>
                </div>
                <p className="text-sm text-slate-700">{summary(message)}</p>
                {message.lastError && <p className="text-xs text-red-700">{message.lastError}</p>}
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  aria-label={`Read the ${channelLabel[message.channel]} to ${recipient(message)}`}
                  onClick={() => setOpen(message)}
                >
                  Read
                </Button>
              </ListCard>
            ))}
            table={
              <Table aria-label="Messages">
                <TableHeader>
                  <TableRow>
                    <TableHead>Created</TableHead>
                    <TableHead>Channel</TableHead>
                    <TableHead>To</TableHead>
                    <TableHead>Subject</TableHead>
                    <TableHead>Delivery</TableHead>
                    <TableHead>
                      <span className="sr-only">Open</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {messages.data.messages.map((message) => (
                    <TableRow key={message.id}>
                      <TableCell className="whitespace-nowrap">{when(message.createdAt)}</TableCell>
                      <TableCell>
                        <span className="inline-flex items-center gap-1.5">
                          {message.channel === 'email' ? (
                            <Mail aria-hidden="true" className="size-4 text-slate-500" />
                          ) : (
                            <MessageSquare aria-hidden="true" className="size-4 text-slate-500" />
                          )}
                          {channelLabel[message.channel]}
                        </span>
                      </TableCell>
                      <TableCell>
                        <span className="block max-w-64 truncate" title={recipient(message)}>
                          {recipient(message)}
                        </span>
                      </TableCell>
                      <TableCell>{summary(message)}</TableCell>
                      <TableCell>
                        <div className="flex flex-wrap items-center gap-1">
                          <StatusBadge tone={statusTones.message[message.status]}>
                            {statusLabel[message.status]}
                          </StatusBadge>
                          {message.provider && (
                            <span className="text-xs text-slate-500">
                              {providerLabel[message.provider]}
                            </span>
                          )}
                        </div>
                        {message.lastError && (
                          <p className="mt-1 text-xs text-red-700">{message.lastError}</p>
                        )}
                      </TableCell>
                      <TableCell>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Read the ${channelLabel[message.channel]} to ${recipient(message)}`}
                          onClick={() => setOpen(message)}
                        >
                          Read
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            }
          />
          <Pagination
            label="Message list pages"
            page={page}
            pageSize={pageSize}
            total={total}
            onPageChange={setPage}
            summary={`${total} ${total === 1 ? 'message' : 'messages'}`}
          />
        </>
      )}

      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-2xl">
          {open && (
            <>
              <DialogHeader>
                <DialogTitle>{open.subject ?? `${channelLabel[open.channel]} message`}</DialogTitle>
                <DialogDescription>
                  To {recipient(open)} · {when(open.createdAt)} · {statusLabel[open.status]}
                  {open.attempts > 0 &&
                    ` after ${open.attempts} attempt${open.attempts === 1 ? '' : 's'}`}
                </DialogDescription>
              </DialogHeader>
              {open.body ? (
                <pre
                  data-testid="message-body"
                  className="max-h-[60vh] overflow-auto rounded-md bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap"
                >
                  {open.body}
                </pre>
              ) : (
                <p className="text-sm text-slate-600">
                  The text is not kept once a provider has delivered a message holding a code or a
                  link.
                </p>
              )}
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
