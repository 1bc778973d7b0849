import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listDeliveryFailuresQuerySchema,
  listDeliveryFailuresResponseSchema,
  listEventsQuerySchema,
  listEventsResponseSchema,
} from '@shared/events/events.contracts';
import type { EventDeliveryRow } from './events.schema';
import { findDeliveryFailures, findEventsOf } from './events.service';

const toDelivery = (
  row: Pick<EventDeliveryRow, 'subscriber' | 'status' | 'attempts' | 'lastError' | 'updatedAt'>,
) => ({
  subscriber: row.subscriber,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  updatedAt: row.updatedAt.toISOString(),
});

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/failures',
    {
      config: { roles: ['back_office'] },
      schema: {
        querystring: listDeliveryFailuresQuerySchema,
        response: { 200: listDeliveryFailuresResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const result = await findDeliveryFailures(app.deps.database.db, page, pageSize);
      return {
        failures: result.rows.map((row) => ({
          ...toDelivery(row),
          eventId: row.eventId,
          eventType: row.type,
          aggregateType: row.aggregateType,
          aggregateId: row.aggregateId,
          occurredAt: row.occurredAt.toISOString(),
        })),
        total: result.total,
        page,
        pageSize,
      };
    },
  );

  app.get(
    '/events',
    {
      config: { roles: ['back_office'] },
      schema: { querystring: listEventsQuerySchema, response: { 200: listEventsResponseSchema } },
    },
    async (request) => {
      const { aggregateType, aggregateId } = request.query;
      const events = await findEventsOf(app.deps.database.db, aggregateType, aggregateId);
      return {
        events: events.map(({ event, deliveries }) => ({
          id: event.id,
          type: event.type,
          aggregateType: event.aggregateType,
          aggregateId: event.aggregateId,
          occurredAt: event.occurredAt.toISOString(),
          dispatchedAt: event.dispatchedAt?.toISOString() ?? null,
          deliveries: deliveries.map(toDelivery),
        })),
      };
    },
  );
};
