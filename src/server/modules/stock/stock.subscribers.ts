import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { takeVisitSerials } from './field-serials.service';

/** The stock area's subscriber name; its deliveries are keyed by it. */
export const fieldSerialsSubscriber = 'stock.field-serials';

/**
 * Serials from the field (issue 20): when a visit completes (whichever route completed it), the
 * serials on its record move to installed, in the delivery's transaction. The (visit, serial)
 * claim makes a second delivery, or a second completion of the same visit, change nothing.
 */
export const stockSubscribers: FastifyPluginAsync = fp(async (app) => {
  await app.deps.events.subscribe({
    name: fieldSerialsSubscriber,
    events: ['order.complete'],
    async handle(event, tx) {
      const visitId = event.data.visitId;
      if (typeof visitId === 'string') await takeVisitSerials(tx, visitId);
    },
  });
});
