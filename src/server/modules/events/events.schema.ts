import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The outbox: one row per domain event, written in the transaction of the change it records
 * (`publishEvent`). The dispatcher hands each undelivered row to its subscribers through the job
 * queue after commit. See docs/decisions/014-domain-events-outbox.md.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Dotted: aggregate, then what happened, such as `order.created`. */
    type: text('type').notNull(),
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: text('aggregate_id').notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once a delivery job per subscriber is queued; null while waiting in the outbox. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** A dispatcher is handing it over until then; after it, another may (it died). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [
    index('domain_events_pending_idx')
      .on(table.occurredAt)
      .where(sql`${table.dispatchedAt} is null`),
    index('domain_events_aggregate_idx').on(table.aggregateType, table.aggregateId),
  ],
);

export const eventDeliveryStatuses = ['done', 'retrying', 'failed'] as const;
export type EventDeliveryStatus = (typeof eventDeliveryStatuses)[number];

/**
 * One row per (subscriber, event) that has been tried. `done` is written in the subscriber's own
 * transaction with its effect, so a second run of the same delivery finds it and does nothing;
 * `retrying` and `failed` carry the last error for the back office.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    subscriber: text('subscriber').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    status: text('status').$type<EventDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.subscriber, table.eventId] }),
    index('event_deliveries_event_idx').on(table.eventId),
    index('event_deliveries_unfinished_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} <> 'done'`),
  ],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
export type EventDeliveryRow = typeof eventDeliveries.$inferSelect;
