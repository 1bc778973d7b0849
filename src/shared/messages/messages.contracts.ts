import { z } from 'zod';
import { cursorPageFields, cursorQuery } from '../schema/paging.contracts';
import { safeText, searchText } from '../schema/text';
import { calendarDate } from '../schema/calendar-date';

/**
 * GET /api/messages (back office): every email and SMS with its delivery status; while no
 * provider is configured this is the outbox where the messages can be read.
 * GET /api/messages/:id answers one, with its body.
 */
export const messageChannels = ['email', 'sms'] as const;
export const messageStatuses = [
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'suppressed',
] as const;
export const messageProviders = ['smtp', 'twilio', 'outbox'] as const;

export const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(messageChannels),
  kind: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  /** Blank once a real provider delivered a message holding a code or link. */
  body: z.string(),
  status: z.enum(messageStatuses),
  provider: z.enum(messageProviders).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The order a customer message is about. */
  orderId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const listMessagesQuerySchema = z.object({
  channel: z.enum(messageChannels).optional(),
  status: z.enum(messageStatuses).optional(),
  /** Part of the recipient address or number. */
  to: searchText(200).optional(),
  kind: searchText(100).optional(),
  orderId: z.uuid().optional(),
  /** Created on or after this day (YYYY-MM-DD, UTC). */
  from: calendarDate.optional(),
  /** Created on or before this day. */
  until: calendarDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  ...cursorQuery,
});
export type ListMessagesQuery = z.input<typeof listMessagesQuerySchema>;

export const listMessagesResponseSchema = z.object({
  messages: z.array(messageSchema),
  total: z.number().int(),
  ...cursorPageFields,
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Where messages go now: `outbox` means nowhere but this list. */
  delivery: z.object({
    email: z.enum(['smtp', 'outbox']),
    sms: z.enum(['twilio', 'outbox']),
  }),
});
export type ListMessagesResponse = z.infer<typeof listMessagesResponseSchema>;

export const testMessageBodySchema = z.object({
  channel: z.enum(messageChannels),
  to: safeText().trim().min(3, 'Required').max(200),
});

export const providerStateSchema = z.object({
  sms: z.object({
    provider: z.enum(['twilio', 'outbox']),
    sender: z.string().nullable(),
    statusCallbackUrl: z.string(),
  }),
  email: z.object({ provider: z.enum(['smtp', 'outbox']) }),
});
export type ProviderState = z.infer<typeof providerStateSchema>;
