import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

export const passwordTokenPurposes = ['invitation', 'reset'] as const;
export type PasswordTokenPurpose = (typeof passwordTokenPurposes)[number];

/** Set-password links (invitation: 7 days; forgotten password: 1 hour). Stored hashed, single use. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<PasswordTokenPurpose>().notNull(),
    /** sha256 of the token in the link, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_tokens_user_idx').on(table.userId)],
);

export type PasswordTokenRow = typeof passwordTokens.$inferSelect;
