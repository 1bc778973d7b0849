import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * Server-side sessions. The cookie holds 256 random bits; only their SHA-256 is stored here,
 * so a copy of the database cannot be replayed as a cookie.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** sha256(cookie token), hex. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute limit; the idle limit is counted from lastSeenAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
