import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';

export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/**
 * A partner's key for /api/v1 (issue 14, decision 043). The key itself is shown once; only its
 * sha256 is kept (`hash`), and `prefix` (`upk_live_` + 8 characters) names it on screens and in
 * the request log.
 */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    /** Addresses or CIDR ranges (IPv4, IPv6) the key may be used from; empty: anywhere. */
    allowedCidrs: text('allowed_cidrs').array().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('partner_api_keys_partner_idx').on(table.partnerId)],
);

export type PartnerApiKeyRow = typeof partnerApiKeys.$inferSelect;

/** A key as it is read back: every column but its hash. */
export const apiKeyColumns = {
  id: partnerApiKeys.id,
  partnerId: partnerApiKeys.partnerId,
  name: partnerApiKeys.name,
  prefix: partnerApiKeys.prefix,
  scopes: partnerApiKeys.scopes,
  allowedCidrs: partnerApiKeys.allowedCidrs,
  createdAt: partnerApiKeys.createdAt,
  lastUsedAt: partnerApiKeys.lastUsedAt,
  lastUsedIp: partnerApiKeys.lastUsedIp,
  revokedAt: partnerApiKeys.revokedAt,
};

/**
 * One row per /api/v1 request (issue 14): kept for the retention setting, then pruned. Requests
 * made without a valid key (missing, malformed, unknown, revoked, throttled, blocked) share one
 * row per address and minute instead (issue 18): `count` says how many, `aggregateKey` names it.
 */
export const partnerApiRequests = pgTable(
  'partner_api_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => partnerApiKeys.id, { onDelete: 'set null' }),
    /** The key's public prefix, never the key. */
    keyPrefix: text('key_prefix'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip').notNull(),
    requestId: text('request_id').notNull(),
    /** The problem's code when the answer was an error. */
    errorCode: text('error_code'),
    /** How many requests the row stands for: 1, or more for an address's keyless minute. */
    count: integer('count').notNull().default(1),
    /** `keyless|<address>|<minute>` for the aggregated rows, null for the others. */
    aggregateKey: text('aggregate_key').unique(),
  },
  (table) => [
    // The log's keyset pages, newest first by (at, id) (decision 085).
    index('partner_api_requests_at_idx').on(table.at, table.id),
    index('partner_api_requests_partner_at_idx').on(table.partnerId, table.at, table.id),
  ],
);

export type PartnerApiRequestRow = typeof partnerApiRequests.$inferSelect;
