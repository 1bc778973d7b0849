import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  DigestFrequency,
  NotificationKind,
} from '@shared/notifications/notifications.contracts';
import { users } from '../users/users.schema';

/**
 * One row per person told about something (issue 25, decision 080). Written by the
 * notifications subscriber in the event delivery's transaction; `key` makes each thing told
 * once per person (`event:<id>:<kind>`, `sla:<orderId>`). A trigger announces each insert
 * (NOTIFY notifications_created, payload the user id) to the processes holding streams open.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The page it is about, for this person's role. */
    link: text('link').notNull(),
    /** No foreign key: the notification outlives nothing it names, and orders are never deleted. */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When a digest email listed it (each is in at most one digest). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_key_unique').on(table.userId, table.key),
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/** A person's own choices about notifications; no row is the defaults (digest off). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailDigest: text('email_digest').$type<DigestFrequency>().notNull().default('off'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
