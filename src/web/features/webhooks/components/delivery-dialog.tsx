import type { WebhookAttempt } from '@shared/webhooks/webhooks.contracts';
import { StatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { useWebhookDelivery } from '@web/api/webhooks/get-delivery';
import { useRedeliverWebhook } from '@web/api/webhooks/redeliver';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '../lib/labels';

function prettyJson(text: string) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Attempt({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">
          Attempt {attempt.attemptNumber}
          {attempt.manual && ' (manual)'}
        </span>
        <span className="text-slate-600">{formatDateTime(attempt.startedAt)}</span>
        <span className="text-slate-700">
          {attempt.responseStatus !== null ? `HTTP ${attempt.responseStatus}` : 'No answer'}
        </span>
        <span className="text-slate-600">{attempt.durationMs} ms</span>
        {attempt.remoteAddress && (
          <span className="text-slate-600">to {attempt.remoteAddress}</span>
        )}
      </div>
      {attempt.error && <p className="text-red-700">{attempt.error}</p>}
      <details>
        <summary className="cursor-pointer text-slate-700">Request headers</summary>
        <pre
          // Scrollable: reachable by keyboard (axe scrollable-region-focusable).
          tabIndex={0}
          className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs text-slate-800"
        >
          {Object.entries(attempt.requestHeaders)
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n')}
        </pre>
      </details>
      {attempt.responseBody !== null && attempt.responseBody !== '' && (
        <details>
          <summary className="cursor-pointer text-slate-700">Response body</summary>
          <pre
            // Scrollable: reachable by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
            className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-800"
          >
            {attempt.responseBody}
          </pre>
        </details>
      )}
    </li>
  );
}

/** One delivery: what was sent, every attempt with its answer and timing, and redelivery. */
export function DeliveryDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const delivery = useWebhookDelivery(id);
  const redeliver = useRedeliverWebhook();
  const data = delivery.data;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Webhook delivery</DialogTitle>
          <DialogDescription>
            {data
              ? `${data.eventType} to ${data.endpointUrl}, webhook-id ${data.id}`
              : 'Loading the delivery…'}
          </DialogDescription>
        </DialogHeader>
        {delivery.isPending && <Skeleton className="h-40 w-full" />}
        {delivery.isError && (
          <p role="alert" className="text-sm text-red-700">
            The delivery could not be loaded.
          </p>
        )}
        {data && (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <StatusBadge kind="webhookDelivery" status={data.status} />
              <span className="text-slate-700">{data.partnerName}</span>
              {data.orderNumber && <span className="text-slate-700">{data.orderNumber}</span>}
              {data.nextAttemptAt && data.status === 'pending' && (
                <span className="text-slate-600">
                  Next try {formatDateTime(data.nextAttemptAt)}
                </span>
              )}
            </div>
            <section className="grid gap-1">
              <h3 className="text-sm font-semibold text-slate-900">Body</h3>
              <pre
                tabIndex={0}
                aria-label="Body"
                className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs text-slate-800"
              >
                {prettyJson(data.body)}
              </pre>
            </section>
            <section className="grid gap-2">
              <h3 className="text-sm font-semibold text-slate-900">Attempts</h3>
              {data.attemptsMade.length === 0 ? (
                <p className="text-sm text-slate-600">No attempt yet.</p>
              ) : (
                <ol className="grid gap-2" aria-label="Attempts">
                  {data.attemptsMade.map((attempt) => (
                    <Attempt key={attempt.id} attempt={attempt} />
                  ))}
                </ol>
              )}
            </section>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            type="button"
            disabled={!data || redeliver.isPending}
            onClick={() =>
              data &&
              redeliver.mutate(data.id, {
                onSuccess: (after) =>
                  toast({
                    title: 'Sent again',
                    description:
                      after.status === 'succeeded'
                        ? 'The partner accepted it.'
                        : `It failed (${after.lastError ?? 'no answer'}); it will be retried.`,
                  }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not send it again',
                    description: errorMessage(error, 'Try again.'),
                  }),
              })
            }
          >
            {redeliver.isPending ? 'Sending…' : 'Redeliver'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
