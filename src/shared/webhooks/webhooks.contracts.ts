import { z } from 'zod';
import { cursorPageFields, cursorQuery } from '../schema/paging.contracts';
import { lifecycleActions } from '../orders/order-lifecycle';
import { safeText } from '../schema/text';

// Outbound webhooks (issue 14, decisions 046 and 047): the back office's calls.

/** Every order event a partner may subscribe to, besides `order.*` (all of them). */
export const webhookEventTypes = [
  'order.created',
  'order.edited',
  ...lifecycleActions.map((action) => `order.${action}` as const),
] as const;
export const allOrderEvents = 'order.*';

export const webhookMessages = {
  url: 'Enter an http:// or https:// URL',
  events: 'Choose at least one event',
  unknownEvent: 'Unknown event type',
} as const;

const webhookUrl = safeText({ error: webhookMessages.url })
  .trim()
  .min(1, webhookMessages.url)
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, webhookMessages.url);

const eventList = z
  .array(
    safeText()
      .trim()
      .refine(
        (value) =>
          value === allOrderEvents || (webhookEventTypes as readonly string[]).includes(value),
        webhookMessages.unknownEvent,
      ),
    { error: webhookMessages.events },
  )
  .min(1, webhookMessages.events)
  .max(webhookEventTypes.length + 1)
  .transform((events) => [...new Set(events)]);

const description = safeText()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => v || null);

export const createWebhookEndpointBody = z.object({
  partnerId: z.uuid(),
  url: webhookUrl,
  description,
  events: eventList,
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBody>;

export const updateWebhookEndpointBody = z
  .object({ url: webhookUrl, description, events: eventList, enabled: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBody>;

export const webhookDisabledReasons = ['manual', 'gone', 'exhausted'] as const;
export const webhookDisabledReasonLabels: Record<(typeof webhookDisabledReasons)[number], string> =
  {
    manual: 'Disabled by back office',
    gone: 'The receiver answered 410 Gone',
    exhausted: 'Every retry failed',
  };

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  partnerId: z.uuid(),
  partnerName: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.enum(webhookDisabledReasons).nullable(),
  disabledAt: z.string().nullable(),
  /** The secret's first characters, to tell secrets apart; the whole one is shown once. */
  secretHint: z.string(),
  /** While a rotation's grace period lasts, the old secret still signs until then. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListQuery = z.object({ partnerId: z.uuid().optional() });
export const webhookEndpointListResponse = z.object({ items: z.array(webhookEndpointSchema) });

/** Creating an endpoint or rotating its secret: the secret, shown this once. */
export const webhookEndpointWithSecret = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  attemptNumber: z.number().int(),
  manual: z.boolean(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  remoteAddress: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  startedAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  endpointUrl: z.string(),
  partnerId: z.uuid(),
  partnerName: z.string(),
  eventId: z.uuid(),
  eventType: z.string(),
  orderId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  body: z.string(),
  attemptsMade: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveryListQuery = z.object({
  endpointId: z.uuid().optional(),
  partnerId: z.uuid().optional(),
  status: z.enum(webhookDeliveryStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  ...cursorQuery,
});
export type WebhookDeliveryListQuery = z.input<typeof webhookDeliveryListQuery>;
export const webhookDeliveryListResponse = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...cursorPageFields,
});

export const webhookSettingsSchema = z.object({
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: read-only, set in the server's environment. */
  allowPrivateTargets: z.boolean(),
});
