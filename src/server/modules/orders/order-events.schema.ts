import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { KitStatus, OrderStatus } from '@shared/orders/order-status';
import { orders } from './orders.schema';
import { users } from '../users/users.schema';

/**
 * One row per change to an order, written in the change's transaction. The timeline, the
 * customer portal, SLA figures and reports read from here.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The lifecycle action, or `created` / `edited`. */
    type: text('type').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** back_office, contractor, engineer, customer, partner or system. */
    actorRole: text('actor_role').notNull(),
    /** The actor's name at the time (kept when the user is gone). */
    actorName: text('actor_name').notNull(),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>(),
    fromKitStatus: text('from_kit_status').$type<KitStatus>(),
    toKitStatus: text('to_kit_status').$type<KitStatus>(),
    reason: text('reason'),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_events_order_idx').on(table.orderId, table.createdAt),
    index('order_events_created_idx').on(table.createdAt.desc()),
  ],
);
