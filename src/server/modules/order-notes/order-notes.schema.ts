import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';

/**
 * The internal thread on an order (issue 25, decision 080). Back office reads every note; the
 * order's contractor reads those shared with it. Never part of any customer or partner answer.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name at the time (kept when the user is gone). */
    authorName: text('author_name').notNull(),
    /** back_office or contractor. */
    authorSide: text('author_side').$type<'back_office' | 'contractor'>().notNull(),
    body: text('body').notNull(),
    sharedWithContractor: boolean('shared_with_contractor').notNull().default(false),
    /** The users named with @ (ids; names are read when shown). */
    mentionUserIds: uuid('mention_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_notes_order_idx').on(table.orderId, table.createdAt)],
);

export type OrderNoteRow = typeof orderNotes.$inferSelect;
