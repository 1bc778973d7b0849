import { index, inet, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/** Addresses or ranges (CIDR) refused on every request until they expire (null: until removed). */
export const blockedIps = pgTable(
  'blocked_ips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ip: inet('ip').notNull(),
    reason: text('reason').notNull(),
    /** `automatic` (too many failed sign-ins, or bad partner API keys) or `manual` (back office). */
    source: text('source').$type<'automatic' | 'manual'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('blocked_ips_expires_idx').on(table.expiresAt)],
);

export type BlockedIpRow = typeof blockedIps.$inferSelect;
