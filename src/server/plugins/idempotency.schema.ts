import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { partnerApiKeys } from '../modules/partner-api/partner-api.schema';
import { users } from '../modules/users/users.schema';

export const idempotencyStatuses = ['running', 'completed'] as const;
export type IdempotencyStatus = (typeof idempotencyStatuses)[number];

/**
 * One row per `Idempotency-Key` a signed-in user sent with a state-changing /api call
 * (decision 019), or a partner's API key sent to /api/v1 (decision 044): exactly one owner is
 * set. The unique (owner, key) index is what decides a race between two requests with one key,
 * on every server sharing the database. Rows live 24 hours from `created_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id').references(() => partnerApiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of method, path and canonical body: the same key must come with the same request. */
    fingerprint: text('fingerprint').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: text('status').$type<IdempotencyStatus>().notNull(),
    /** Which run owns the row: a run taken over cannot overwrite its successor's answer. */
    runId: uuid('run_id').notNull(),
    /** When the current run began; a `running` row older than the takeover age is abandoned. */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    /** The replayed headers (content type, location, content disposition), lower-case names. */
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    /** The answer's body: text as is, binary as base64 (`response_body_encoding`). */
    responseBody: text('response_body'),
    responseBodyEncoding: text('response_body_encoding').$type<'utf8' | 'base64'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_user_key_idx').on(table.userId, table.key),
    uniqueIndex('idempotency_keys_api_key_key_idx').on(table.apiKeyId, table.key),
    check('idempotency_keys_one_owner', sql`num_nonnulls(${table.userId}, ${table.apiKeyId}) = 1`),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
