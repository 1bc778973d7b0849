import { z } from 'zod';
import { safeText } from '../schema/text';

/**
 * Domain events and their deliveries to subscribers (back office only).
 * GET /api/events/failures: deliveries that failed and are being retried, or gave up.
 * GET /api/events?aggregateType=order&aggregateId=…: one thing's events, each with its deliveries.
 */
export const eventDeliveryStatuses = ['done', 'retrying', 'failed'] as const;
export type EventDeliveryStatus = (typeof eventDeliveryStatuses)[number];

export const eventDeliverySchema = z.object({
  subscriber: z.string(),
  status: z.enum(eventDeliveryStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});

export const deliveryFailureSchema = eventDeliverySchema.extend({
  eventId: z.string(),
  eventType: z.string(),
  aggregateType: z.string(),
  aggregateId: z.string(),
  occurredAt: z.string(),
});
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;

export const listDeliveryFailuresQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const listDeliveryFailuresResponseSchema = z.object({
  failures: z.array(deliveryFailureSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const listEventsQuerySchema = z.object({
  aggregateType: safeText().trim().min(1).max(50),
  aggregateId: safeText().trim().min(1).max(100),
});

export const domainEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  aggregateType: z.string(),
  aggregateId: z.string(),
  occurredAt: z.string(),
  dispatchedAt: z.string().nullable(),
  deliveries: z.array(eventDeliverySchema),
});

export const listEventsResponseSchema = z.object({ events: z.array(domainEventSchema) });
