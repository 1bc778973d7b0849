import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit } from './audit.service';

/** The audit module's subscriber name; its deliveries are keyed by it. */
export const orderAuditSubscriber = 'audit.order-events';

/**
 * The audit trail hears of every order change after it commits: one `order.<type>` row per order
 * event, written in the delivery's transaction (so once per event, however often it is run).
 */
export const auditSubscribers: FastifyPluginAsync = fp(async (app) => {
  await app.deps.events.subscribe({
    name: orderAuditSubscriber,
    events: ['order.*'],
    async handle(event, tx) {
      const actorUserId = event.data.actorUserId;
      await recordAudit(tx, {
        action: event.type,
        actorUserId: typeof actorUserId === 'string' ? actorUserId : null,
        targetType: event.aggregateType,
        targetId: event.aggregateId,
        details: {
          eventId: event.id,
          actorRole: event.data.actorRole ?? null,
          fromStatus: event.data.fromStatus ?? null,
          toStatus: event.data.toStatus ?? null,
        },
      });
    },
  });
});
