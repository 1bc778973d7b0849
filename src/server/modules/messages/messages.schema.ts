import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TemplateChannel, TemplateKind } from '@shared/messages/templates';

export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];
export const messageStatuses = [
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'suppressed',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const messageProviders = ['smtp', 'twilio', 'outbox'] as const;
export type MessageProvider = (typeof messageProviders)[number];

/**
 * Every email and SMS the product sends, with its delivery status. With no provider configured
 * the row itself is the delivery (the outbox back office reads).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    /** What the message is for, such as `two_factor_code` or `invitation`. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The body holds a code or link: blanked once a real provider has delivered it. */
    sensitive: boolean('sensitive').notNull().default(false),
    status: text('status').$type<MessageStatus>().notNull().default('queued'),
    provider: text('provider').$type<MessageProvider>(),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    relatedType: text('related_type'),
    relatedId: text('related_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The log's keyset pages, newest first by (created_at, id) (decision 085).
    index('messages_created_idx').on(table.createdAt, table.id),
    index('messages_status_idx').on(table.status, table.createdAt, table.id),
    index('messages_related_idx').on(table.relatedType, table.relatedId, table.createdAt, table.id),
    index('messages_to_idx').on(table.to),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/** Back office's wording of a customer message; a kind and channel without a row sends the default. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    kind: text('kind').$type<TemplateKind>().notNull(),
    channel: text('channel').$type<TemplateChannel>().notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (table) => [primaryKey({ columns: [table.kind, table.channel] })],
);
export type MessageTemplateRow = typeof messageTemplates.$inferSelect;

/** Messages that go once per thing (a visit's reminder): the key's row is the proof it went. */
export const messageOnce = pgTable('message_once', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
