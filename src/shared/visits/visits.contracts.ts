import { z } from 'zod';
import { dateOnly } from '../schema/common.contracts';
import { failureReasons, orderStatuses, visitSlots, visitStatuses } from '../orders/order-status';

export const visitSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  contractorId: z.uuid(),
  engineer: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  /** YYYY-MM-DD */
  scheduledDate: z.string(),
  slot: z.enum(visitSlots),
  status: z.enum(visitStatuses),
  checkedInAt: z.string().nullable(),
  /** Why the engineer checked in on another day than the booked one (null on the day). */
  checkInOffDayReason: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  outcome: z.enum(['completed', 'failed']).nullable(),
  failureReason: z.enum(failureReasons).nullable(),
  outcomeNotes: z.string().nullable(),
  customerSignOffName: z.string().nullable(),
  serials: z.record(z.string(), z.string()),
  kitOverrideReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Visit = z.infer<typeof visitSchema>;

/** A visit with what the engineer needs to find the job (engineer/contractor lists). */
export const visitListItem = visitSchema.extend({
  order: z.object({
    id: z.uuid(),
    orderNumber: z.string(),
    status: z.enum(orderStatuses),
    jobTypeName: z.string(),
    customerName: z.string(),
    postcode: z.string(),
    town: z.string(),
  }),
});
export type VisitListItem = z.infer<typeof visitListItem>;

export const visitListQuery = z.object({
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  status: z.enum(visitStatuses).optional(),
  engineerId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const visitListResponse = z.object({ items: z.array(visitListItem) });
