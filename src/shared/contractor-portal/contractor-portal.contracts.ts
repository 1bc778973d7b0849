import { z } from 'zod';
import { listedAnswers, propertyTypes, tenures } from '../customer-links/customer-form.contracts';
import { refSchema } from '../schema/common.contracts';
import { safeText } from '../schema/text';
import { kitStatuses, orderStatuses, visitSlots } from '../orders/order-status';
import { visitListItem } from '../visits/visits.contracts';

// Issue 12: the contractor's dashboard and reports. A contractor company is a tenant: every
// figure is its own orders and visits, and nothing here carries the price charged to the partner.

/** The customer form's answers that matter for the job (no contact details before acceptance). */
export const offerAnswers = z.object({
  propertyType: z.enum(propertyTypes),
  tenure: z.enum(tenures),
  landlordPermission: z.boolean(),
  listedBuilding: z.enum(listedAnswers),
  dishPosition: z.string(),
  accessNotes: z.string(),
});
export type OfferAnswers = z.infer<typeof offerAnswers>;

/** An order offered to the company, waiting for Accept or Decline. */
export const contractorOffer = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  jobType: refSchema,
  /** The outward code only (`EX1`): the full address comes with acceptance. */
  postcodeArea: z.string(),
  town: z.string(),
  requestedDate: z.string().nullable(),
  /** The dates and times the customer said they are in, from the customer form. */
  availability: z.array(z.object({ date: z.string(), slot: z.enum(visitSlots) })),
  answers: offerAnswers.nullable(),
  payoutPence: z.number().int(),
  offeredAt: z.string().nullable(),
});
export type ContractorOffer = z.infer<typeof contractorOffer>;

/** An order of the company in the short lists of the dashboard. */
export const contractorOrderSummary = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  kitStatus: z.enum(kitStatuses),
  jobTypeName: z.string(),
  customerName: z.string(),
  postcode: z.string(),
  town: z.string(),
  requestedDate: z.string().nullable(),
});
export type ContractorOrderSummary = z.infer<typeof contractorOrderSummary>;

export const rescheduleRequest = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  customerName: z.string(),
  requestedAt: z.string(),
  dates: z.array(z.string()),
  note: z.string().nullable(),
  /** The visit it asks to move, when there is one. */
  currentVisitDate: z.string().nullable(),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;

const countedList = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), items: z.array(item) });

export const contractorDashboard = z.object({
  company: refSchema,
  /** London dates the figures are for. */
  today: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  monthStart: z.string(),
  monthEnd: z.string(),
  offers: countedList(contractorOffer),
  readyToSchedule: countedList(contractorOrderSummary),
  revisitsNeeded: countedList(contractorOrderSummary),
  visitsToday: z.array(visitListItem),
  visitsThisWeek: z.array(visitListItem),
  rescheduleRequests: z.array(rescheduleRequest),
  completedThisMonth: z.object({ count: z.number().int(), payoutPence: z.number().int() }),
});
export type ContractorDashboard = z.infer<typeof contractorDashboard>;

/** How many of each short list the dashboard carries; its count is always the whole. */
export const dashboardListLimit = 20;

export const maxReportMonths = 24;
export const defaultReportMonths = 6;

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const reportMonth = safeText()
  .regex(monthPattern, 'Please enter a month as YYYY-MM')
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= 1900 && year <= 2100;
  }, 'Please enter a month between 1900 and 2100');

/** Months `from`..`to` inclusive (YYYY-MM); both default to a window ending this month. */
export const contractorReportQuery = z
  .object({ from: reportMonth.optional(), to: reportMonth.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The first month must not be after the last',
    path: ['to'],
  })
  .refine((q) => !q.from || !q.to || monthsBetween(q.from, q.to) <= maxReportMonths, {
    message: `Choose at most ${maxReportMonths} months`,
    path: ['to'],
  });
export type ContractorReportQuery = z.input<typeof contractorReportQuery>;

export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

export const contractorReportRow = z.object({
  month: z.string(),
  engineer: z.object({ id: z.uuid(), name: z.string() }),
  completed: z.number().int(),
  failed: z.number().int(),
  /** Completed visits that were the order's first visit. */
  firstTimeFixes: z.number().int(),
  payoutPence: z.number().int(),
});
export type ContractorReportRow = z.infer<typeof contractorReportRow>;

export const contractorReportMonth = z.object({
  month: z.string(),
  completed: z.number().int(),
  failed: z.number().int(),
  firstTimeFixes: z.number().int(),
  payoutPence: z.number().int(),
});

export const contractorReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(contractorReportRow),
  /** Every month of the range, also those without visits (for the chart). */
  months: z.array(contractorReportMonth),
  totals: contractorReportMonth.omit({ month: true }),
});
export type ContractorReport = z.infer<typeof contractorReport>;

/** Share of completed visits fixed first time, 0–100 (null without completed visits). */
export function firstTimeFixRate(row: { completed: number; firstTimeFixes: number }) {
  return row.completed === 0 ? null : Math.round((row.firstTimeFixes / row.completed) * 100);
}
