import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PublicLinkPurpose } from '@shared/public-links/public-links.contracts';
import { orders } from '../orders/orders.schema';

/**
 * A customer's link to one page of one order (customer form, kit arrived). Only the sha256 of
 * the token is kept; a new link of the same purpose replaces the old one.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<PublicLinkPurpose>().notNull(),
    /** sha256 of the token in the link, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('public_links_order_idx').on(table.orderId, table.purpose)],
);

export type PublicLinkRow = typeof publicLinks.$inferSelect;
