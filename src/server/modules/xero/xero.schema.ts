import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';

// Xero (issue 22, decision 078): the connection, its settings, contacts, what was sent for each
// order, every call made, and the per-organisation call counts the limits read.

export type XeroConnectionStatus = 'choose_organisation' | 'connected' | 'revoked';
export type XeroInvoiceStatus = 'DRAFT' | 'AUTHORISED';

/**
 * The one Xero connection (id `default`). Tokens are one AES-256-GCM ciphertext (never plain,
 * so never plain in a backup); `accessExpiresAt` is read without decrypting.
 */
export const xeroConnections = pgTable('xero_connections', {
  id: text('id').primaryKey(),
  status: text('status').$type<XeroConnectionStatus>().notNull(),
  tenantId: text('tenant_id'),
  tenantName: text('tenant_name'),
  /** The organisations the grant reaches (GET /connections), to choose from. */
  tenants: jsonb('tenants').$type<{ tenantId: string; tenantName: string }[]>().notNull(),
  tokens: text('tokens').notNull(),
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
  /** Why it stopped working, for the page and the dashboard. */
  problem: text('problem'),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Account codes, tax types and invoice terms (one row, id `default`). */
export const xeroSettings = pgTable('xero_settings', {
  id: text('id').primaryKey(),
  salesAccountCode: text('sales_account_code').notNull(),
  salesTaxType: text('sales_tax_type').notNull(),
  purchaseAccountCode: text('purchase_account_code').notNull(),
  purchaseTaxType: text('purchase_tax_type').notNull(),
  invoiceStatus: text('invoice_status').$type<XeroInvoiceStatus>().notNull(),
  dueDays: integer('due_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A connect in progress: the `state` (hashed), bound to one session, single use, short-lived. */
export const xeroOauthStates = pgTable('xero_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  sessionId: text('session_id').notNull(),
  userId: uuid('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type XeroContactKind = 'partner' | 'contractor' | 'customer';

/** Our partner, contractor or direct customer as a Xero contact (matched by name or created). */
export const xeroContacts = pgTable(
  'xero_contacts',
  {
    tenantId: text('tenant_id').notNull(),
    kind: text('kind').$type<XeroContactKind>().notNull(),
    localId: uuid('local_id').notNull(),
    contactId: text('contact_id').notNull(),
    name: text('name').notNull(),
    /** `matched` an existing contact by name, or `created` it. */
    how: text('how').$type<'matched' | 'created'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.kind, table.localId] })],
);

export type XeroDocumentKind = 'invoice' | 'bill' | 'credit_note';
export type XeroDocumentStatus = 'pending' | 'sent' | 'failed';

/**
 * One document for one order: its id is the Idempotency-Key of every create call for it, and
 * (order, kind) is unique, so however often an event or a "send since" runs, one is made.
 */
export const xeroDocuments = pgTable(
  'xero_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<XeroDocumentKind>().notNull(),
    status: text('status').$type<XeroDocumentStatus>().notNull().default('pending'),
    /** Failed in a way a person must fix (an unknown account code, a revoked connection). */
    needsAttention: boolean('needs_attention').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** 5xx and network failures so far (the backoff step); 429s do not count. */
    failures: integer('failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Being sent until then (at most five at once across every server: Xero's limit). */
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    /**
     * The Idempotency-Key of its create call: the id, until Xero refused it (4xx: nothing was
     * made) and a person retries, which takes a new one (Xero replays the refusal otherwise).
     */
    idempotencyKey: text('idempotency_key'),
    tenantId: text('tenant_id'),
    xeroId: text('xero_id'),
    xeroNumber: text('xero_number'),
    amountPence: integer('amount_pence').notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('xero_documents_order_kind_unique').on(table.orderId, table.kind),
    index('xero_documents_created_idx').on(table.createdAt.desc()),
    index('xero_documents_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

/** Every call made for a document: what was sent and what came back. Tokens are never kept. */
export const xeroSyncAttempts = pgTable(
  'xero_sync_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => xeroDocuments.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestBody: text('request_body'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('xero_sync_attempts_document_idx').on(table.documentId, table.startedAt)],
);

/** Calls made per organisation per minute (`m:…`) and per day (`d:…`), for Xero's limits. */
export const xeroCallCounts = pgTable(
  'xero_call_counts',
  {
    tenantId: text('tenant_id').notNull(),
    window: text('window').notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.window] })],
);

export type XeroConnectionRow = typeof xeroConnections.$inferSelect;
export type XeroSettingsRow = typeof xeroSettings.$inferSelect;
export type XeroDocumentRow = typeof xeroDocuments.$inferSelect;
export type XeroSyncAttemptRow = typeof xeroSyncAttempts.$inferSelect;
