import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import {
  attemptDelivery,
  deliverWebhookJob,
  recordDeliveries,
  sweepOverdueDeliveries,
  sweepWebhooksJob,
} from './webhooks.service';

/** The webhooks module's subscriber name; its deliveries are keyed by it. */
export const partnerWebhooksSubscriber = 'webhooks.partner';

/**
 * Order events become deliveries to the partner's endpoints (issue 14, decision 046): the rows
 * are written in the event delivery's transaction, once per event; each is sent by its own job.
 */
export const webhooksSubscribers: FastifyPluginAsync = fp(async (app) => {
  const deps = app.deps;
  await deps.events.subscribe({
    name: partnerWebhooksSubscriber,
    events: ['order.*'],
    async handle(event, tx) {
      await recordDeliveries(deps, event, tx);
    },
  });
  await deps.queue.register<{ deliveryId: string }>(deliverWebhookJob, async (data) => {
    await attemptDelivery(deps, data.deliveryId);
  });
  // Every minute: deliveries whose job was lost (queued after a commit that a crash cut off).
  await deps.queue.schedule(sweepWebhooksJob, '* * * * *', async () => {
    const count = await sweepOverdueDeliveries(deps);
    if (count > 0) deps.log.info({ count }, 'requeued overdue webhook deliveries');
  });
});
