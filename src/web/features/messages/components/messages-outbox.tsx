import { Inbox, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useListFilters } from '@web/lib/use-list-filters';
import {
  messageChannels,
  messageStatuses,
  type Message,
} from '@shared/messages/messages.contracts';
import { FilterBar, optionsOf } from '@web/components/filter-bar';
import { Button } from '@web/components/ui/button';
import { Pagination } from '@web/components/ui/pagination';
import { cursorStep } from '@web/lib/cursor-paging';
import { totalWords } from '@shared/schema/paging.contracts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { messageStatusWords, statusLabels } from '@shared/status-words';
import { useMessages } from '@web/api/messages/list-messages';
import { LinkifiedText } from './linkified-text';
import { MessageLog, channelLabels, outboxTime, recipient } from './message-log';

type Channel = (typeof messageChannels)[number];
type Status = (typeof messageStatuses)[number];

const pageSize = 25;

/**
 * Every email and SMS the product sent or would have sent, with its status. While no provider
 * is configured this is the only place the messages can be read (the outbox).
 */
export function MessagesOutbox() {
  const { filters, set, setPage, field } = useListFilters({
    to: '',
    channel: '' as Channel | '',
    status: '' as Status | '',
  });
  const { to, channel, status, page, cursor } = filters;
  const [open, setOpen] = useState<Message | null>(null);
  const messages = useMessages({
    channel: channel || undefined,
    status: status || undefined,
    to: to || undefined,
    page,
    cursor: cursor || undefined,
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

      <FilterBar
        className="sm:grid-cols-[1fr_10rem_10rem_auto]"
        filters={[
          {
            kind: 'search',
            label: 'Recipient',
            placeholder: 'Email address or phone number',
            value: to,
            onSearch: (text) => set('to')(text.trim()),
          },
          {
            kind: 'select',
            label: 'Channel',
            allLabel: 'All channels',
            options: optionsOf(messageChannels, channelLabels),
            ...field('channel'),
          },
          {
            kind: 'select',
            label: 'Delivery',
            allLabel: 'All statuses',
            options: optionsOf(messageStatuses, statusLabels.message),
            ...field('status'),
          },
        ]}
      >
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
      </FilterBar>

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
          <MessageLog
            messages={messages.data.messages}
            view="outbox"
            action={(message) => (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Read the ${channelLabels[message.channel]} to ${recipient(message)}`}
                onClick={() => setOpen(message)}
              >
                Read
              </Button>
            )}
          />
          <Pagination
            label="Message list pages"
            page={page}
            pageSize={pageSize}
            total={total}
            hasNext={!!messages.data?.nextCursor}
            hasPrevious={!!messages.data?.prevCursor}
            totalIsEstimate={messages.data?.totalIsEstimate}
            totalIsLowerBound={messages.data?.totalIsLowerBound}
            onPageChange={(next) => {
              const step = cursorStep(next, page, {
                nextCursor: messages.data?.nextCursor ?? null,
                prevCursor: messages.data?.prevCursor ?? null,
              });
              setPage(step.page, step.cursor);
            }}
            summary={totalWords(
              total,
              messages.data?.totalIsEstimate ?? false,
              { one: 'message', many: 'messages' },
              messages.data?.totalIsLowerBound,
            )}
          />
        </>
      )}

      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-2xl">
          {open && (
            <>
              <DialogHeader>
                <DialogTitle>
                  {open.subject ?? `${channelLabels[open.channel]} message`}
                </DialogTitle>
                <DialogDescription>
                  To {recipient(open)} · {outboxTime(open.createdAt)} · {messageStatusWords(open)}
                  {open.attempts > 0 &&
                    ` after ${open.attempts} attempt${open.attempts === 1 ? '' : 's'}`}
                </DialogDescription>
              </DialogHeader>
              {open.body ? (
                <pre
                  data-testid="message-body"
                  className="max-h-[60vh] overflow-auto rounded-md bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap"
                >
                  <LinkifiedText text={open.body} />
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
