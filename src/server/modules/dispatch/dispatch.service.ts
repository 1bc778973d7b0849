import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { commonErrorCodes, dispatchErrorCodes } from '@shared/error-codes';
import { addDays, weekStartOf } from '@shared/dispatch/capacity';
import type {
  Board,
  BoardVisit,
  Calendar,
  CalendarQuery,
  DaySheet,
  DaySheetQuery,
  DispatchMap,
  MoveVisitBody,
  ScheduleOrderBody,
} from '@shared/dispatch/dispatch.contracts';
import { visitSlotLabels, type VisitSlot } from '@shared/orders/order-status';
import { performOrderAction, type Viewer } from '../orders/orders.service';
import {
  findCompanyVisit,
  findScheduledVisitOfOrder,
  findVisitCompany,
  listCalendarEngineers,
  listCompanyDayVisits,
  listCompanyVisits,
  listVisitsBetween,
  listWaitingOrders,
} from '../orders/projections/dispatch-board.projection';
import { isCompanyOrder } from '../orders/order-lookup.service';
import { assertBookable, getBookingRules, getMapTileUrl } from '../settings/settings.service';
import { bankHolidayOn, dayWords } from '@shared/settings/booking-rules';
import {
  listCompanyEngineers,
  lockCompanyEngineer,
  type CompanyEngineer,
} from '../users/user-lookup.service';
import { engineerName } from '../visits/engineer-capacity.service';
import { expectedKit } from '../visits/engineer-visits.service';
import { customerAnswersOfOrders } from '../customer-links/customer-form-lookup.service';
import { placePostcode } from './postcode-centroids';
import { londonDateOf } from '@shared/london-date';

// The contractor's dispatch board (issue 12, decision 034). Every move is an order lifecycle
// action (schedule, reschedule, unschedule), so it is an order event with its messages; the
// board adds the clash rules a lifecycle move does not know: capacity, working days, dates.

/** The contractor company the viewer plans for; the route lets only contractors in. */
function companyOf(viewer: Viewer): string {
  if (!viewer.contractorId) throw forbidden('Only a contractor company can plan its visits.');
  return viewer.contractorId;
}

/** The week around `week` (today's when none): its days, as /settings books them. */
async function weekOf(db: Database, week: string | undefined, now: Date) {
  const today = londonDateOf(now);
  const weekStart = weekStartOf(week ?? today);
  const rules = await getBookingRules(db);
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)).map((date) => {
    const holiday = bankHolidayOn(rules, date);
    const weekday = rules.workingDays.includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    return { date, working: weekday && holiday === null, weekday, holiday };
  });
  return {
    today,
    weekStart,
    weekEnd: addDays(weekStart, 6),
    previousWeek: addDays(weekStart, -7),
    nextWeek: addDays(weekStart, 7),
    slots: [...rules.offeredSlots],
    /**
     * Working weekdays always (a bank holiday among them marked); another day only when it
     * holds visits.
     */
    shownDays: (visits: readonly BoardVisit[]) =>
      days
        .filter((d) => d.weekday || visits.some((v) => v.date === d.date))
        .map(({ date, working, holiday }) => ({ date, working, holiday })),
  };
}

export async function getBoard(db: Database, viewer: Viewer, week: string | undefined, now: Date) {
  const contractorId = companyOf(viewer);
  const { weekEnd, shownDays, ...span } = await weekOf(db, week, now);
  const visits = await listCompanyVisits(db, contractorId, span.weekStart, weekEnd);
  const engineers = await listCompanyEngineers(db, contractorId, [
    ...new Set(visits.map((v) => v.engineerId)),
  ]);
  const board: Board = {
    ...span,
    days: shownDays(visits),
    engineers: engineers.map((e) => ({
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      active: e.status !== 'disabled',
      owner: e.owner,
    })),
    visits,
    waiting: await listWaitingOrders(db, contractorId),
  };
  return board;
}

/** The back office's calendar (issue 25): the week's visits across contractors, or one's. */
export async function getCalendar(db: Database, query: CalendarQuery, now: Date) {
  const { weekEnd, shownDays, ...span } = await weekOf(db, query.week, now);
  const visits = await listVisitsBetween(db, query, span.weekStart, weekEnd);
  const engineers = await listCalendarEngineers(db, query.contractorId, [
    ...new Set(visits.map((v) => v.engineerId)),
  ]);
  const calendar: Calendar = { ...span, days: shownDays(visits), engineers, visits, waiting: [] };
  return calendar;
}

/** The clash rules; throws the refusal, with its reason, or returns the engineer. */
async function checkPlacement(
  tx: Database,
  contractorId: string,
  place: { engineerId: string; date: string; slot: VisitSlot },
  now: Date,
): Promise<CompanyEngineer> {
  const engineer = await lockCompanyEngineer(tx, contractorId, place.engineerId);
  if (!engineer) throw notFound('Engineer not found');
  if (place.date < londonDateOf(now)) {
    throw conflict(dispatchErrorCodes.dateInPast, 'Visits can be booked from today on.');
  }
  await assertBookable(tx, place.date, place.slot);
  if (engineer.status === 'disabled') {
    throw conflict(
      dispatchErrorCodes.engineerInactive,
      `${engineerName(engineer)} is not active and cannot take visits.`,
    );
  }
  // Room in the slot is the lifecycle's own check (assertEngineerHasRoom), whatever screen books.
  return engineer;
}

async function visitOrThrow(db: Database, orderId: string) {
  const visit = await findScheduledVisitOfOrder(db, orderId);
  if (!visit) throw new Error('the scheduled visit vanished after scheduling');
  return visit;
}

/** Books a waiting order onto an engineer's slot (the lifecycle's `schedule`). */
export async function scheduleOrder(
  db: Database,
  viewer: Viewer,
  orderId: string,
  body: ScheduleOrderBody,
  now = new Date(),
): Promise<BoardVisit> {
  const contractorId = companyOf(viewer);
  return inTransaction(db, async (tx) => {
    if (!(await isCompanyOrder(tx, contractorId, orderId))) throw notFound('Order not found');
    await checkPlacement(tx, contractorId, body, now);
    await performOrderAction(tx, orderId, 'schedule', body, { kind: 'user', viewer }, now);
    return visitOrThrow(tx, orderId);
  });
}

async function movableVisit(db: Database, contractorId: string, visitId: string) {
  const visit = await findCompanyVisit(db, contractorId, visitId);
  if (!visit) throw notFound('Visit not found');
  if (visit.status !== 'scheduled') {
    throw conflict(
      dispatchErrorCodes.visitNotMovable,
      `The visit is ${visit.status.replace('_', ' ')}; only a visit still to come can change.`,
    );
  }
  return visit;
}

/** Moves a visit to another engineer, day or slot, with a reason (the lifecycle's `reschedule`). */
export function moveVisit(
  db: Database,
  viewer: Viewer,
  visitId: string,
  body: MoveVisitBody,
  now = new Date(),
): Promise<BoardVisit> {
  return moveCompanyVisit(db, companyOf(viewer), viewer, visitId, body, now);
}

/**
 * Back office moves a visit from the calendar (issue 25), under the board's rules: to an
 * engineer of the visit's own contractor, on a day and slot they have room in.
 */
export async function moveVisitForOffice(
  db: Database,
  viewer: Viewer,
  visitId: string,
  body: MoveVisitBody,
  now = new Date(),
): Promise<BoardVisit> {
  return inTransaction(db, async (tx) => {
    const contractorId = await findVisitCompany(tx, visitId);
    if (!contractorId) throw notFound('Visit not found');
    if (!(await lockCompanyEngineer(tx, contractorId, body.engineerId))) {
      throw conflict(
        dispatchErrorCodes.engineerOfAnotherCompany,
        'A visit moves only between the engineers of its own contractor; reassign the order to change contractor.',
      );
    }
    return moveCompanyVisit(tx, contractorId, viewer, visitId, body, now);
  });
}

async function moveCompanyVisit(
  db: Database,
  contractorId: string,
  viewer: Viewer,
  visitId: string,
  body: MoveVisitBody,
  now: Date,
): Promise<BoardVisit> {
  return inTransaction(db, async (tx) => {
    const visit = await movableVisit(tx, contractorId, visitId);
    if (
      visit.engineerId === body.engineerId &&
      visit.date === body.date &&
      visit.slot === body.slot
    ) {
      throw new AppError(
        409,
        commonErrorCodes.conflict,
        `The visit is already there (${dayWords(body.date)}, ${visitSlotLabels[body.slot]}).`,
      );
    }
    await checkPlacement(tx, contractorId, body, now);
    await performOrderAction(tx, visit.orderId, 'reschedule', body, { kind: 'user', viewer }, now);
    return visitOrThrow(tx, visit.orderId);
  });
}

/** Takes a visit off the schedule with a reason; the order waits again (`unschedule`). */
export async function unscheduleVisit(
  db: Database,
  viewer: Viewer,
  visitId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  const contractorId = companyOf(viewer);
  await inTransaction(db, async (tx) => {
    const visit = await movableVisit(tx, contractorId, visitId);
    await performOrderAction(
      tx,
      visit.orderId,
      'unschedule',
      { reason },
      { kind: 'user', viewer },
      now,
    );
  });
}

/** The orders waiting to be scheduled, placed by their postcode district, and the tile server. */
export async function getDispatchMap(db: Database, viewer: Viewer): Promise<DispatchMap> {
  const contractorId = companyOf(viewer);
  const waiting = await listWaitingOrders(db, contractorId);
  return {
    tileUrl: await getMapTileUrl(db),
    points: waiting.map((order) => {
      const placed = placePostcode(order.postcode);
      return {
        orderId: order.id,
        orderNumber: order.orderNumber,
        postcode: order.postcode,
        town: order.town,
        jobTypeName: order.jobTypeName,
        kitReady: order.kitReady,
        latitude: placed?.latitude ?? null,
        longitude: placed?.longitude ?? null,
        district: placed?.district ?? null,
      };
    }),
  };
}

/** A day's visits in the order the engineer drives them: morning, all day, afternoon. */
const slotOrder: Record<VisitSlot, number> = { am: 0, all_day: 1, pm: 2 };

/**
 * The day sheet (issue 25): each engineer's visits on `date` with the address, the slot, the
 * customer's phone, the job, the kit and the notes, as the engineer app shows them. Only the
 * company's own engineers and visits; another company's engineer is not found.
 */
export async function getDaySheet(
  db: Database,
  viewer: Viewer,
  query: DaySheetQuery,
): Promise<DaySheet> {
  const contractorId = companyOf(viewer);
  const rows = await listCompanyDayVisits(db, contractorId, query.date, query.engineerId);
  const engineers = await listCompanyEngineers(db, contractorId, [
    ...new Set([...rows.map((r) => r.engineerId), ...(query.engineerId ? [query.engineerId] : [])]),
  ]);
  if (query.engineerId && !engineers.some((e) => e.id === query.engineerId)) {
    throw notFound('There is no such engineer in your company.');
  }
  const answers = await customerAnswersOfOrders(
    db,
    rows.map((r) => r.orderId),
  );
  const visits = await Promise.all(
    rows.map(async (row) => {
      const recorded: Record<string, string | undefined> = row.serials;
      const kit = (await expectedKit(db, row.orderId)).map((item) => ({
        label: item.label,
        serial: recorded[item.kind] || item.expectedSerial,
      }));
      for (const other of row.otherSerials ?? []) kit.push(other);
      return {
        engineerId: row.engineerId,
        visit: {
          id: row.id,
          orderId: row.orderId,
          orderNumber: row.orderNumber,
          slot: row.slot,
          status: row.status,
          jobTypeName: row.jobTypeName,
          customerName: `${row.firstName} ${row.lastName}`.trim(),
          customerPhone: row.phone,
          address: [row.addressLine1, row.addressLine2, row.town, row.county, row.postcode].filter(
            (line): line is string => !!line,
          ),
          accessNotes: answers.get(row.orderId)?.accessNotes || null,
          orderNotes: row.orderNotes,
          kit,
        },
      };
    }),
  );
  visits.sort((a, b) => slotOrder[a.visit.slot] - slotOrder[b.visit.slot]);
  const chosen = query.engineerId
    ? engineers.filter((e) => e.id === query.engineerId)
    : engineers.filter((e) => visits.some((v) => v.engineerId === e.id));
  return {
    date: query.date,
    engineers: engineers
      .filter((e) => e.status !== 'disabled' || visits.some((v) => v.engineerId === e.id))
      .map((e) => ({ id: e.id, name: engineerName(e) })),
    sheets: chosen.map((e) => ({
      engineer: { id: e.id, name: engineerName(e) },
      visits: visits.filter((v) => v.engineerId === e.id).map((v) => v.visit),
    })),
  };
}
