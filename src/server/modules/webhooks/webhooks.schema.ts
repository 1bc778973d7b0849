import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema';
import { partners } from '../partners/partners.schema';

export type WebhookDisabledReason = 'manual' | 'gone' | 'exhausted';
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * A partner's URL that receives order events (issue 14, decision 046), signed with its secret
 * (`whsec_` + base64). While a secret is rotated the previous one signs too until
 * `previousSecretExpiresAt`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    /** Event types wanted: `order.*` or exact `order.<action>`. */
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_partner_idx').on(table.partnerId)],
);

/**
 * One event for one endpoint. Its id is the `webhook-id` the partner sees on every attempt; the
 * body is fixed when the row is made, so retries and redeliveries send the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The domain event (no foreign key: the outbox is pruned, the delivery stays). */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    /** Attempts made (retries and manual redeliveries alike). */
    attempts: integer('attempts').notNull().default(0),
    /** Which step of the retry schedule comes next (reset by a manual redelivery). */
    scheduleStep: integer('schedule_step').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The deliveries' keyset pages, newest first by (created_at, id) (decision 085).
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt, table.id),
    index('webhook_deliveries_partner_idx').on(table.partnerId, table.createdAt, table.id),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_created_idx').on(table.createdAt, table.id),
  ],
);

/** Every attempt: what was sent (headers), what came back (status, body snippet), how long. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptNumber: integer('attempt_number').notNull(),
    manual: boolean('manual').notNull().default(false),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    /** The address connected to (after the guard's DNS check), when the connection was made. */
    remoteAddress: text('remote_address'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptNumber),
    index('webhook_attempts_started_idx').on(table.startedAt.desc()),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
