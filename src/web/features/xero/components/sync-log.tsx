import { useState } from 'react';
import { Link } from 'wouter';
import { xeroDocumentWords, type XeroDocument } from '@shared/xero/xero.contracts';
import { useRetryXeroDocument } from '@web/api/xero/retry-document';
import { useXeroSyncLog } from '@web/api/xero/sync-log';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Pagination } from '@web/components/ui/pagination';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';
import { formatPence } from '@web/lib/money';

export function DocumentStatus({ document }: { document: XeroDocument }) {
  if (document.status === 'sent') return <Badge variant="success">Sent</Badge>;
  if (document.status === 'pending')
    return <Badge variant="secondary">{document.attempts > 0 ? 'Retrying' : 'Waiting'}</Badge>;
  return (
    <Badge variant="destructive">{document.needsAttention ? 'Needs attention' : 'Failed'}</Badge>
  );
}

function Calls({ document }: { document: XeroDocument }) {
  if (document.calls.length === 0) return null;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-brand-800 underline underline-offset-2">
        {document.calls.length === 1 ? '1 call' : `${document.calls.length} calls`} to Xero
      </summary>
      <ol className="mt-2 grid gap-2">
        {document.calls.map((call) => (
          <li key={call.id} className="grid gap-1 rounded border border-slate-200 p-2">
            <p className="font-medium break-all">
              {formatDateTime(call.startedAt)} · {call.method} {call.path} →{' '}
              {call.responseStatus ?? call.error ?? 'no answer'} ({call.durationMs} ms)
            </p>
            {call.requestBody && (
              <>
                <p className="text-slate-600">Request</p>
                {/* Scrollable, so reachable by keyboard (axe: scrollable-region-focusable). */}
                <pre
                  tabIndex={0}
                  role="region"
                  aria-label="Request sent"
                  className="max-h-40 overflow-auto rounded bg-slate-50 p-2 break-all whitespace-pre-wrap"
                >
                  {call.requestBody}
                </pre>
              </>
            )}
            {call.responseBody && (
              <>
                <p className="text-slate-600">Answer</p>
                <pre
                  tabIndex={0}
                  role="region"
                  aria-label="Xero's answer"
                  className="max-h-40 overflow-auto rounded bg-slate-50 p-2 break-all whitespace-pre-wrap"
                >
                  {call.responseBody}
                </pre>
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

function RetryButton({ document }: { document: XeroDocument }) {
  const retry = useRetryXeroDocument();
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      aria-label={`Retry the ${xeroDocumentWords[document.kind].toLowerCase()} for order ${document.orderNumber}`}
      onClick={() =>
        retry.mutate(document.id, {
          onSuccess: (result) =>
            toast(
              result.status === 'sent'
                ? { title: `Sent to Xero as ${result.xeroNumber || 'a new document'}` }
                : {
                    variant: 'destructive',
                    title: 'Xero did not take it',
                    description: result.lastError ?? undefined,
                  },
            ),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Could not retry',
              description: errorMessage(error, 'Something went wrong; try again.'),
            }),
        })
      }
    >
      Retry
    </Button>
  );
}

/** Each document sent (or being sent) to Xero, every call made for it, and retry for failures. */
export function SyncLog() {
  const [page, setPage] = useState(1);
  const log = useXeroSyncLog(page);
  if (log.isPending) return <p className="text-sm text-slate-600">Loading the sync log…</p>;
  if (log.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(log.error, 'Could not load the sync log')}
      </p>
    );
  if (log.data.total === 0)
    return (
      <EmptyState title="Nothing sent yet" headingLevel={3}>
        Invoices and bills appear here as orders are completed.
      </EmptyState>
    );
  return (
    <div className="grid gap-3">
      <Table aria-label="Xero sync log">
        <TableHeader>
          <TableRow>
            <TableHead>Order</TableHead>
            <TableHead>Document</TableHead>
            <TableHead>Amount</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>In Xero</TableHead>
            <TableHead>What happened</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {log.data.items.map((document) => (
            <TableRow key={document.id}>
              <TableCell>
                <Link href={`/orders/${document.orderId}`} className="text-brand-800 underline">
                  {document.orderNumber}
                </Link>
              </TableCell>
              <TableCell>{xeroDocumentWords[document.kind]}</TableCell>
              <TableCell>{formatPence(document.amountPence)}</TableCell>
              <TableCell>
                <DocumentStatus document={document} />
              </TableCell>
              <TableCell>
                {document.status === 'sent' ? document.xeroNumber || 'Made' : '—'}
              </TableCell>
              <TableCell className="max-w-md text-sm">
                {document.status === 'sent' && <p>Sent {formatDateTime(document.sentAt)}</p>}
                {document.status === 'pending' && document.nextAttemptAt && (
                  <p>Next try {formatDateTime(document.nextAttemptAt)}</p>
                )}
                {document.lastError && (
                  <p className={document.status === 'failed' ? 'text-red-700' : 'text-slate-600'}>
                    {document.lastError}
                  </p>
                )}
                <Calls document={document} />
              </TableCell>
              <TableCell>
                {document.status === 'failed' && <RetryButton document={document} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        pageSize={log.data.pageSize}
        total={log.data.total}
        onPageChange={setPage}
        label="Sync log pages"
      />
    </div>
  );
}
