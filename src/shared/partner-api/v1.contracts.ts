import { z } from 'zod';
import { calendarDate } from '../schema/calendar-date';
import { multilineText, safeText } from '../schema/text';
import {
  emailField,
  optionalText,
  phoneField,
  postcodeField,
  requiredText,
} from '../schema/common.contracts';
import { kitStatuses, orderStatuses } from '../orders/order-status';

// The partner API, version 1 (issue 14). These schemas validate every request and answer, and
// the OpenAPI document at /api/v1/openapi.json is generated from them.

export const v1Address = z.object({
  line1: requiredText(200),
  line2: optionalText(200),
  town: requiredText(100),
  county: optionalText(100),
  postcode: postcodeField.meta({ description: 'A UK postcode; stored normalised (EX1 1AA).' }),
});

export const v1CustomerInput = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailField.nullish().transform((v) => v ?? null),
    phone: phoneField
      .nullish()
      .transform((v) => v ?? null)
      .meta({ description: 'A UK phone number; stored as +44…' }),
    address: v1Address,
  })
  .refine((c) => c.email !== null || c.phone !== null, {
    message: 'Give an email address or a phone number',
    path: ['email'],
  })
  .meta({ description: 'The customer: at least an email or a phone.' });

export const v1CreateOrderBody = z.object({
  partnerReference: safeText({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(100)
    .meta({ description: 'Your own reference for the order; unique among your orders.' }),
  jobType: safeText({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(40)
    .meta({
      // A code the demo data has, so the documented example is accepted (issue 24).
      description:
        'The job type code we agreed with you, such as STD_INSTALL (any case). An unknown ' +
        'code is refused with UNKNOWN_JOB_TYPE, naming the codes that exist.',
      examples: ['STD_INSTALL'],
    }),
  customer: v1CustomerInput,
  requestedDate: calendarDate
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: 'The day the customer asked for (YYYY-MM-DD), if any.' }),
  kitSupplied: z
    .boolean()
    .default(false)
    .meta({ description: 'True when the customer already has the kit (we send none).' }),
  notes: optionalText(4000, { multiline: true }),
});
export type V1CreateOrderBody = z.input<typeof v1CreateOrderBody>;

export const v1Order = z.object({
  orderNumber: z.string().meta({ description: 'Our order number.' }),
  partnerReference: z.string().nullable(),
  status: z.enum(orderStatuses),
  kitStatus: z.enum(kitStatuses),
  jobType: z.object({ code: z.string(), name: z.string() }),
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.object({
      line1: z.string(),
      line2: z.string().nullable(),
      town: z.string(),
      county: z.string().nullable(),
      postcode: z.string(),
    }),
  }),
  requestedDate: z.string().nullable(),
  kitSupplied: z.boolean(),
  notes: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type V1Order = z.infer<typeof v1Order>;

export const v1OrderNumberParams = z.object({
  orderNumber: safeText().trim().min(1).max(40).meta({ description: 'Our order number.' }),
});
export const v1PartnerReferenceParams = z.object({
  partnerReference: safeText().trim().min(1).max(100).meta({ description: 'Your reference.' }),
});

export const v1OrderListQuery = z.object({
  status: z.enum(orderStatuses).optional(),
  partnerReference: safeText().trim().max(100).optional(),
  createdFrom: calendarDate.optional().meta({ description: 'Created on or after (UTC day).' }),
  createdTo: calendarDate.optional().meta({ description: 'Created on or before (UTC day).' }),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: safeText()
    .max(200)
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page.' }),
});

export const v1OrderList = z
  .object({
    items: z.array(v1Order),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  })
  .meta({ description: 'Newest first, stable while orders are added.' });

export const v1CancelBody = z.object({
  reason: multilineText({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(1000),
});

export const v1OrderEvent = z.object({
  id: z.uuid(),
  type: z.string().meta({ description: 'created, cancel, schedule, complete, …' }),
  actorRole: z.string().nullable(),
  fromStatus: z.enum(orderStatuses).nullable(),
  toStatus: z.enum(orderStatuses).nullable(),
  fromKitStatus: z.enum(kitStatuses).nullable(),
  toKitStatus: z.enum(kitStatuses).nullable(),
  reason: z.string().nullable(),
  occurredAt: z.string(),
});
export const v1OrderEvents = z.object({ items: z.array(v1OrderEvent) });

/** RFC 9457 problem details: every error of /api/v1. */
export const problemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string().meta({ description: 'Stable; branch on this, never on the text.' }),
  instance: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  existingOrderNumber: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof problemDetails>;
