import { z } from 'zod';
import { cursorPageFields, cursorQuery } from '../schema/paging.contracts';
import { calendarDate } from '../schema/calendar-date';
import { safeText, searchText } from '../schema/text';
import { multilineText } from '../schema/text';
import { ipRangeMessage, parseIpRange } from './ip-range';

// The back-office side of the partner API (issue 14): keys on /api/inbound, limits on
// /api/settings, the request log on /api/logs, blocks on /blocked-ips.

/** Every partner API key starts so (decision 043): a leaked key is recognisable. */
export const apiKeyPrefix = 'upk_live_';

export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** An address or CIDR range, IPv4 or IPv6, as typed (trimmed). */
export const ipRangeField = safeText({ error: ipRangeMessage })
  .trim()
  .refine((value) => parseIpRange(value) !== null, { message: ipRangeMessage });

export const apiKeySchema = z.object({
  id: z.uuid(),
  partner: z.object({ id: z.uuid(), name: z.string() }),
  name: z.string(),
  /** `upk_live_` and 8 characters: names the key; the key itself is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  allowedCidrs: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListQuery = z.object({
  partnerId: z.uuid().optional(),
  includeRevoked: z.enum(['true', 'false']).optional(),
});
export const apiKeyListResponse = z.object({ items: z.array(apiKeySchema) });

export const createApiKeyBody = z.object({
  partnerId: z.uuid({ error: 'Choose a partner' }),
  name: safeText({ error: 'Required' }).trim().min(1, 'Required').max(100),
  scopes: z
    .array(z.enum(apiKeyScopes))
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)]),
  allowedCidrs: z.array(ipRangeField).max(50, 'At most 50 ranges').default([]),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** The only answer that holds the key: show it once, then it is gone. */
export const createApiKeyResponse = z.object({ apiKey: apiKeySchema, key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponse>;

export const apiLogKinds = ['requests', 'deliveries'] as const;
export type ApiLogKind = (typeof apiLogKinds)[number];
export const statusClasses = ['2xx', '3xx', '4xx', '5xx'] as const;
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const apiRequestLogQuery = z.object({
  partnerId: z.uuid().optional(),
  /** A status class (`4xx`) or one status (`429`). */
  status: z
    .union([z.enum(statusClasses), safeText().regex(/^[1-5]\d\d$/, 'A status such as 404 or 4xx')])
    .optional(),
  method: z.enum(httpMethods).optional(),
  /** Part of the path. */
  path: searchText(200).optional(),
  /** On or after this day (UTC). */
  from: calendarDate.optional(),
  /** On or before this day (UTC). */
  to: calendarDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  ...cursorQuery,
});
export type ApiRequestLogQuery = z.input<typeof apiRequestLogQuery>;

export const apiRequestLogItem = z.object({
  id: z.uuid(),
  at: z.string(),
  partner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  keyPrefix: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number().int(),
  ip: z.string(),
  requestId: z.string(),
  errorCode: z.string().nullable(),
  /** Requests the row stands for: more than 1 for an address's keyless minute (issue 18). */
  count: z.number().int(),
});
export type ApiRequestLogItem = z.infer<typeof apiRequestLogItem>;
export const apiRequestLogResponse = z.object({
  items: z.array(apiRequestLogItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...cursorPageFields,
});
export type ApiRequestLogResponse = z.infer<typeof apiRequestLogResponse>;

/** /api/settings: what applies to every key. */
export const partnerApiSettingsSchema = z.object({
  /** Requests per minute each key may make. */
  rateLimitPerMinute: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'At least 1')
    .max(100_000, 'At most 100000'),
  /** Days the request log is kept. */
  logRetentionDays: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'At least 1 day')
    .max(3650, 'At most 3650 days'),
  /** Ranges a new key starts with (each key keeps its own list). */
  defaultAllowedCidrs: z.array(ipRangeField).max(50, 'At most 50 ranges'),
});
export type PartnerApiSettings = z.infer<typeof partnerApiSettingsSchema>;
export const defaultPartnerApiSettings: PartnerApiSettings = {
  rateLimitPerMinute: 600,
  logRetentionDays: 30,
  defaultAllowedCidrs: [],
};

export const blockedIpSchema = z.object({
  id: z.uuid(),
  ip: z.string(),
  reason: z.string(),
  source: z.enum(['automatic', 'manual']),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type BlockedIp = z.infer<typeof blockedIpSchema>;

export const blockIpBody = z.object({
  ip: ipRangeField,
  reason: multilineText({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500),
  /** Hours until the block ends; null: until someone removes it. */
  expiresInHours: z
    .number({ error: 'Enter a number of hours' })
    .int('Enter a whole number of hours')
    .min(1, 'At least 1 hour')
    .max(24 * 365, 'At most a year')
    .nullable(),
});
export type BlockIpBody = z.input<typeof blockIpBody>;
