import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every server on the database (issue 9): the key names
 * the limit and the caller (`POST /api/auth/login|203.0.113.7`, later a partner API key).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** The current window ends here; the next hit after it starts a new window at 1. */
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset_idx').on(table.resetAt)],
);
