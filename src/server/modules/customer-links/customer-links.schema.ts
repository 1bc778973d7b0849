import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CustomerFormAnswers } from '@shared/customer-links/customer-form.contracts';
import { orders } from '../orders/orders.schema';
import { publicLinks } from '../public-links/public-links.schema';

/** What the customer sent on the customer form (issue 11); one per used link. */
export const customerFormSubmissions = pgTable(
  'customer_form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .unique()
      .references(() => publicLinks.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<CustomerFormAnswers>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('customer_form_submissions_order_idx').on(table.orderId)],
);

/** A photo a customer uploaded through a link, re-encoded clean (issue 18); the file is in storage. */
export const customerPhotos = pgTable(
  'customer_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => publicLinks.id, { onDelete: 'set null' }),
    /** customer_form or kit_arrived */
    purpose: text('purpose').notNull(),
    /** The key the storage function knows it by (a relative path under DATA_DIR/uploads). */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a sent form (or kit-arrived confirmation) took it; null ones are deleted after 24 h. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (table) => [
    index('customer_photos_order_idx').on(table.orderId),
    index('customer_photos_link_idx').on(table.linkId),
    index('customer_photos_unattached_idx')
      .on(table.createdAt)
      .where(sql`${table.attachedAt} is null`),
  ],
);

/** A wrong postcode given for an order number on the portal: counted per order number. */
export const portalProofFailures = pgTable(
  'portal_proof_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed in the address (the order may not exist). */
    orderNumber: text('order_number').notNull(),
    ipAddress: text('ip_address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('portal_proof_failures_order_idx').on(table.orderNumber, table.at)],
);
