import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

export const authCodePurposes = ['two_factor_email', 'sms_login'] as const;
export type AuthCodePurpose = (typeof authCodePurposes)[number];

/**
 * One-time sign-in codes (email two-factor, SMS sign-in). The code itself is never stored,
 * only its hash. SMS requests for numbers without an account are recorded too (user null,
 * no code), so the per-number limit is the same whether or not the number has an account.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<AuthCodePurpose>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The email address or +44 number the code went to. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash'),
    /** Two-factor only: sha256 of the pending sign-in attempt the code belongs to. */
    attemptHash: text('attempt_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, replaced by a newer code, or worn out by wrong tries. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_codes_destination_idx').on(table.purpose, table.destination, table.createdAt),
    index('auth_codes_ip_idx').on(table.purpose, table.ip, table.createdAt),
    index('auth_codes_user_idx').on(table.userId),
  ],
);

export type AuthCodeRow = typeof authCodes.$inferSelect;
