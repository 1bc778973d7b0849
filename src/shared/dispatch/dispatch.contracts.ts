import { z } from 'zod';
import { calendarDate } from '../schema/calendar-date';
import { safeText } from '../schema/text';
import { reasonField } from '../schema/common.contracts';
import { kitStatuses, orderStatuses, visitSlots, visitStatuses } from '../orders/order-status';
import { availabilityEntry } from '../customer-links/customer-answers.contracts';

// The contractor's dispatch board and map (issue 12): the week's engineers and visits, the
// orders waiting to be scheduled, and the moves. Never a partner price (PRODUCT.md).

export const boardQuery = z.object({
  /** Any day of the week wanted; the board starts on that week's Monday. Default: this week. */
  week: calendarDate.optional(),
});

export const boardEngineer = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  /** The dual-role owner: contractor and engineer in one account. */
  owner: z.boolean(),
});

export const boardVisit = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  engineerId: z.uuid(),
  date: z.string(),
  slot: z.enum(visitSlots),
  status: z.enum(visitStatuses),
  orderStatus: z.enum(orderStatuses),
  jobTypeName: z.string(),
  customerName: z.string(),
  postcode: z.string(),
  town: z.string(),
});
export type BoardVisit = z.infer<typeof boardVisit>;

export const waitingOrder = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  kitStatus: z.enum(kitStatuses),
  /** Kit arrived or customer-supplied: it can be booked now. */
  kitReady: z.boolean(),
  jobTypeName: z.string(),
  customerName: z.string(),
  postcode: z.string(),
  town: z.string(),
  requestedDate: z.string().nullable(),
  /** When the customer said they are in (customer form), earliest first; absent when not sent. */
  availability: z.array(availabilityEntry).optional(),
  /** The order had a failed visit: this is a revisit. */
  revisit: z.boolean(),
});
export type WaitingOrder = z.infer<typeof waitingOrder>;

export const boardDay = z.object({
  date: z.string(),
  /** One of the working days in the settings, and not a bank holiday: it can take visits. */
  working: z.boolean(),
  /** The bank holiday's name when the day is one (/settings), else null. */
  holiday: z.string().nullable(),
});
export type BoardDay = z.infer<typeof boardDay>;

export const boardResponse = z.object({
  weekStart: z.string(),
  previousWeek: z.string(),
  nextWeek: z.string(),
  /** Today in the UK, YYYY-MM-DD: earlier days cannot take visits. */
  today: z.string(),
  days: z.array(boardDay),
  /** The slots /settings offers, in order: the only ones a visit can be placed in. */
  slots: z.array(z.enum(visitSlots)),
  engineers: z.array(boardEngineer),
  visits: z.array(boardVisit),
  waiting: z.array(waitingOrder),
});
export type Board = z.infer<typeof boardResponse>;

// The back office's calendar (issue 25): the same week across every contractor, or one, with a
// visit status filter; each engineer says whose they are. No orders waiting (that is the board's).
export const calendarQuery = boardQuery.extend({
  contractorId: z.uuid().optional(),
  status: z.enum(visitStatuses).optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

export const calendarEngineer = boardEngineer.extend({
  contractorId: z.uuid(),
  contractorName: z.string(),
});
export type CalendarEngineer = z.infer<typeof calendarEngineer>;

export const calendarResponse = boardResponse.extend({ engineers: z.array(calendarEngineer) });
export type Calendar = z.infer<typeof calendarResponse>;

export const placement = {
  engineerId: z.uuid(),
  date: calendarDate,
  slot: z.enum(visitSlots),
};

export const scheduleOrderBody = z.object(placement);
export type ScheduleOrderBody = z.infer<typeof scheduleOrderBody>;

export const moveVisitBody = z.object({ ...placement, reason: reasonField });
export type MoveVisitBody = z.infer<typeof moveVisitBody>;

export const unscheduleVisitBody = z.object({ reason: reasonField });
export type UnscheduleVisitBody = z.infer<typeof unscheduleVisitBody>;

/** The board's answer to a move: the visit as it is now. */
export const placementResponse = z.object({ visit: boardVisit });

export const mapPoint = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  postcode: z.string(),
  town: z.string(),
  jobTypeName: z.string(),
  kitReady: z.boolean(),
  /** The postcode district's centroid; null when the table does not know it. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The outward code (PL12) used to place it. */
  district: z.string().nullable(),
});
export type MapPoint = z.infer<typeof mapPoint>;

export const mapResponse = z.object({
  /** The tile URL template from the settings ({z}/{x}/{y}). */
  tileUrl: z.string(),
  points: z.array(mapPoint),
});
export type DispatchMap = z.infer<typeof mapResponse>;

/** The map tile server (a setting, back office). */
export const mapTilesSetting = z.object({
  tileUrl: safeText()
    .trim()
    .max(500)
    .refine((value) => /^https?:\/\/[^\s]+$/.test(value), 'Enter an http(s) URL')
    .refine(
      (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
      'The URL needs {z}, {x} and {y}',
    ),
});
export type MapTilesSetting = z.infer<typeof mapTilesSetting>;

/**
 * The contractor's day sheet (issue 25): one engineer's visits on one day, with what the
 * engineer needs at each address, printed one engineer to a page. No engineer: every engineer
 * of the company with visits that day.
 */
export const daySheetQuery = z.object({
  date: calendarDate,
  engineerId: z.uuid({ error: 'Choose an engineer from the list' }).optional(),
});
export type DaySheetQuery = z.output<typeof daySheetQuery>;

export const daySheetVisit = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  slot: z.enum(visitSlots),
  status: z.enum(visitStatuses),
  jobTypeName: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  /** Street lines, town, county and postcode, one to a line. */
  address: z.array(z.string()),
  /** The customer's access notes from the form, or the order's notes. */
  accessNotes: z.string().nullable(),
  /** The office's notes on the order. */
  orderNotes: z.string().nullable(),
  /** The kit to fit, with the serial known so far (confirmed on arrival or recorded on site). */
  kit: z.array(z.object({ label: z.string(), serial: z.string().nullable() })),
});
export type DaySheetVisit = z.infer<typeof daySheetVisit>;

export const daySheetResponse = z.object({
  date: z.string(),
  /** The company's engineers, for choosing whose sheet. */
  engineers: z.array(z.object({ id: z.uuid(), name: z.string() })),
  sheets: z.array(
    z.object({
      engineer: z.object({ id: z.uuid(), name: z.string() }),
      visits: z.array(daySheetVisit),
    }),
  ),
});
export type DaySheet = z.infer<typeof daySheetResponse>;
