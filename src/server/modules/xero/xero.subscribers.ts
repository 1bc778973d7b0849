import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import {
  attemptDocument,
  recordCancelledOrder,
  recordCompletedOrder,
  sendXeroDocumentJob,
  sweepXeroDocuments,
  sweepXeroJob,
} from './xero.service';

/** The Xero module's subscriber name; its deliveries are keyed by it. */
export const xeroSubscriber = 'xero.accounting';

/**
 * Issue 22: a completed order earns a sales invoice and a bill, a cancelled invoiced order a
 * credit note. The document rows are written in the event delivery's transaction (unique per
 * order and kind, so once), then each is sent by its own job.
 */
export const xeroSubscribers: FastifyPluginAsync = fp(async (app) => {
  const deps = app.deps;
  await deps.events.subscribe({
    name: xeroSubscriber,
    events: ['order.complete', 'order.cancel'],
    async handle(event, tx) {
      if (event.aggregateType !== 'order') return;
      const options = { occurredAt: event.occurredAt };
      if (event.type === 'order.complete')
        await recordCompletedOrder(deps, tx, event.aggregateId, options);
      else await recordCancelledOrder(deps, tx, event.aggregateId, options);
    },
  });
  await deps.queue.register<{ documentId: string }>(sendXeroDocumentJob, async (data) => {
    await attemptDocument(deps, data.documentId);
  });
  await deps.queue.schedule(sweepXeroJob, '* * * * *', async () => {
    const count = await sweepXeroDocuments(deps);
    if (count > 0) deps.log.info({ count }, 'requeued overdue Xero documents');
  });
});
