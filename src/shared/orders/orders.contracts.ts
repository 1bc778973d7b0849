import { z } from 'zod';
import { customerAnswersSchema } from '../customer-links/customer-answers.contracts';
import { safeText, searchText } from '../schema/text';
import { typedDate } from '../schema/calendar-date';
import { cursorPageFields, cursorQuery } from '../schema/paging.contracts';
import { fieldFlagSchema } from '../stock/field-flags.contracts';
import {
  dateOnly,
  listOf,
  optionalText,
  pageOf,
  pageQuery,
  pence,
  reasonField,
  refSchema,
  requiredText,
} from '../schema/common.contracts';
import { customerInput, customerSchema } from '../customers/customers.contracts';
import { lifecycleActions, lifecycleConditions, type LifecycleAction } from './order-lifecycle';
import {
  assignmentStates,
  failureReasons,
  kitStatuses,
  orderStatuses,
  slaStates,
  visitSlots,
} from './order-status';
import { visitSchema } from '../visits/visits.contracts';
import { offDayReasonMax } from '../visits/off-day-check-in';

export { orderErrorCodes } from '../error-codes';

export const orderSortFields = [
  'receivedAt',
  'orderNumber',
  'status',
  'requestedDate',
  'slaDueAt',
  'updatedAt',
] as const;
export type OrderSortField = (typeof orderSortFields)[number];

export const orderListQuery = z.object({
  ...pageQuery,
  ...cursorQuery,
  /** Order number, partner reference, customer name, postcode, phone or email. */
  q: searchText(100).optional(),
  status: listOf(orderStatuses),
  kitStatus: listOf(kitStatuses),
  slaState: listOf(slaStates),
  partnerId: z.uuid().optional(),
  /** A contractor's id, or `none` for orders without one. */
  contractorId: z.union([z.uuid(), z.literal('none')]).optional(),
  jobTypeId: z.uuid().optional(),
  /** Received on or after (YYYY-MM-DD, UK dates are taken as UTC days). */
  receivedFrom: dateOnly.optional(),
  /** Received on or before. */
  receivedTo: dateOnly.optional(),
  /** Completed on or after (a London day; the contractor's "completed this month"). */
  completedFrom: dateOnly.optional(),
  /** Completed on or before (a London day). */
  completedTo: dateOnly.optional(),
  sort: z.enum(orderSortFields).default('receivedAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type OrderListQuery = z.input<typeof orderListQuery>;
export type OrderListFilters = z.output<typeof orderListQuery>;

export const orderListItem = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  kitStatus: z.enum(kitStatuses),
  partner: refSchema,
  partnerReference: z.string().nullable(),
  customer: z.object({
    id: z.uuid(),
    name: z.string(),
    postcode: z.string(),
    town: z.string(),
  }),
  jobType: refSchema,
  contractor: refSchema.nullable(),
  assignmentState: z.enum(assignmentStates),
  requestedDate: z.string().nullable(),
  slaState: z.enum(slaStates),
  slaDueAt: z.string(),
  receivedAt: z.string(),
  updatedAt: z.string(),
  /** Back office only: a contractor never sees the price charged to the partner. */
  pricePence: z.number().int().optional(),
  payoutPence: z.number().int(),
});
export type OrderListItem = z.infer<typeof orderListItem>;
export const orderListResponse = pageOf(orderListItem).extend(cursorPageFields);
export type OrderListResponse = z.infer<typeof orderListResponse>;

export const orderEventSchema = z.object({
  id: z.uuid(),
  /** The lifecycle action, or `created` / `edited`. */
  type: z.string(),
  actor: z
    .object({
      userId: z.uuid().nullable(),
      name: z.string(),
      role: z.string(),
    })
    .nullable(),
  fromStatus: z.enum(orderStatuses).nullable(),
  toStatus: z.enum(orderStatuses).nullable(),
  fromKitStatus: z.enum(kitStatuses).nullable(),
  toKitStatus: z.enum(kitStatuses).nullable(),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const allowedActionSchema = z.object({
  action: z.enum(lifecycleActions),
  label: z.string(),
  needs: z.array(z.enum(Object.keys(lifecycleConditions) as [keyof typeof lifecycleConditions])),
});

export const orderDetail = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  kitStatus: z.enum(kitStatuses),
  holdFromStatus: z.enum(orderStatuses).nullable(),
  partner: refSchema,
  partnerReference: z.string().nullable(),
  customer: customerSchema,
  jobType: refSchema,
  pricePence: z.number().int().optional(),
  payoutPence: z.number().int(),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  kitDispatchedAt: z.string().nullable(),
  kitArrivedAt: z.string().nullable(),
  contractor: refSchema
    .extend({ contactEmail: z.string(), contactPhone: z.string().nullable() })
    .nullable(),
  assignmentState: z.enum(assignmentStates),
  contractorOfferedAt: z.string().nullable(),
  contractorAcceptedAt: z.string().nullable(),
  requestedDate: z.string().nullable(),
  notes: z.string().nullable(),
  slaTargetDays: z.number().int(),
  slaState: z.enum(slaStates),
  slaDueAt: z.string(),
  receivedAt: z.string(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Bumped by every change; send it back as `expectedVersion` to refuse a stale edit. */
  version: z.number().int(),
  visits: z.array(visitSchema),
  timeline: z.array(orderEventSchema),
  /** The moves the requesting user may make now. */
  allowedActions: z.array(allowedActionSchema),
  /** Back office: serials from the field that were not in the engineer's van (issue 20). */
  fieldFlags: z.array(fieldFlagSchema).optional(),
  /** What the customer sent on the customer form; null (or absent) until they send it. */
  customerAnswers: customerAnswersSchema.nullish(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const createOrderBody = z
  .object({
    partnerId: z.uuid(),
    partnerReference: optionalText(100),
    jobTypeId: z.uuid(),
    /** An existing customer, or `customer` for a new one. */
    customerId: z.uuid().optional(),
    customer: customerInput.optional(),
    /** Defaults from the job type. */
    pricePence: pence.optional(),
    payoutPence: pence.optional(),
    requestedDate: typedDate.nullish().transform((v) => v ?? null),
    notes: optionalText(4000, { multiline: true }),
    /** The customer bought the kit themselves. */
    customerSuppliesKit: z.boolean().default(false),
    /** Create even though the customer looks like an existing one. */
    allowDuplicateCustomer: z.boolean().default(false),
  })
  .refine((body) => (body.customerId ? !body.customer : !!body.customer), {
    message: 'Give either an existing customer or a new one',
    path: ['customer'],
  });
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const updateOrderBody = z
  .object({
    partnerReference: optionalText(100),
    jobTypeId: z.uuid(),
    pricePence: pence,
    payoutPence: pence,
    requestedDate: typedDate.nullable(),
    notes: optionalText(4000, { multiline: true }),
    expectedVersion: z.number().int().optional(),
  })
  .partial();
export type UpdateOrderBody = z.input<typeof updateOrderBody>;

const version = { expectedVersion: z.number().int().optional() };
const empty = z.object(version);
const withReason = z.object({ reason: reasonField, ...version });
const scheduleBody = z.object({
  engineerId: z.uuid(),
  date: typedDate,
  slot: z.enum(visitSlots),
  /** Back office only: schedule before the kit is ready. */
  kitOverrideReason: optionalText(1000, { multiline: true }),
  ...version,
});
const rescheduleBody = scheduleBody.extend({
  /** Why the visit moves (the dispatch board asks for one); kept on the event. */
  reason: optionalText(1000, { multiline: true }),
});

/**
 * Each lifecycle action's endpoint (POST /api/orders/:id/<path>) and request body. It answers
 * 200 with the order detail, or 204 when the caller can no longer see the order (a contractor
 * that declined it). A refused move answers 409 `{ code, message }` (a schedule or reschedule
 * onto a day or slot /settings does not allow: 400 on `date` / `slot`, decision 071); a role that may never make
 * the move 403; an order outside the caller's scope 404.
 */
export const orderActionEndpoints = {
  submit_customer_form: { path: 'submit-customer-form', body: empty },
  validate: { path: 'validate', body: empty },
  assign: { path: 'assign', body: z.object({ contractorId: z.uuid(), ...version }) },
  unassign: { path: 'unassign', body: withReason },
  accept: { path: 'accept', body: empty },
  decline: { path: 'decline', body: withReason },
  schedule: { path: 'schedule', body: scheduleBody },
  reschedule: { path: 'reschedule', body: rescheduleBody },
  unschedule: { path: 'unschedule', body: withReason },
  check_in: {
    path: 'check-in',
    body: z.object({
      latitude: z.number().min(-90).max(90).optional(),
      longitude: z.number().min(-180).max(180).optional(),
      /** Required on another UK day than the booked one (400 on the field otherwise). */
      offDayReason: optionalText(offDayReasonMax, { multiline: true }),
      ...version,
    }),
  },
  complete: {
    // The record (photos, serials, speed test, signature) comes from the visit's steps
    // (/api/visits/:id/...); completion is refused until it is whole (issue 18).
    path: 'complete',
    body: z.object({
      notes: optionalText(2000, { multiline: true }),
      ...version,
    }),
  },
  fail: {
    path: 'fail',
    body: z.object({
      failureReason: z.enum(failureReasons),
      notes: optionalText(2000, { multiline: true }),
      ...version,
    }),
  },
  close: { path: 'close', body: empty },
  hold: { path: 'hold', body: withReason },
  resume: { path: 'resume', body: empty },
  cancel: { path: 'cancel', body: withReason },
  dispatch_kit: {
    path: 'kit/dispatch',
    body: z.object({
      courier: requiredText(60),
      trackingNumber: requiredText(60),
      ...version,
    }),
  },
  confirm_kit_arrived: { path: 'kit/arrived', body: empty },
  mark_kit_customer_supplied: { path: 'kit/customer-supplied', body: empty },
} satisfies Record<LifecycleAction, { path: string; body: z.ZodType }>;

export type OrderActionBody<A extends LifecycleAction> = z.input<
  (typeof orderActionEndpoints)[A]['body']
>;

// Assignment queue (/back-office/contractor-management).
export const assignmentQueueQuery = z.object({
  ...pageQuery,
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const suggestedContractor = refSchema.extend({
  covers: z.boolean(),
  openOrderCount: z.number().int(),
});
export const assignmentQueueItem = orderListItem.extend({
  suggestedContractors: z.array(suggestedContractor),
});
export const assignmentQueueResponse = pageOf(assignmentQueueItem).extend({
  totalIsEstimate: cursorPageFields.totalIsEstimate,
  totalIsLowerBound: cursorPageFields.totalIsLowerBound,
});
export type AssignmentQueueItem = z.infer<typeof assignmentQueueItem>;

export const bulkAssignBody = z.object({
  orderIds: z.array(z.uuid()).min(1).max(200),
  contractorId: z.uuid(),
});
export const bulkAssignResponse = z.object({
  results: z.array(
    z.object({
      orderId: z.uuid(),
      ok: z.boolean(),
      code: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
});

export const orderNumberParams = z.object({ orderNumber: safeText().trim().max(40) });
