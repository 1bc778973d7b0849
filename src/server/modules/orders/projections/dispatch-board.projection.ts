import { and, asc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { visits } from '../../visits/visits.schema';
import { orders } from '../orders.schema';
import type {
  BoardVisit,
  CalendarEngineer,
  WaitingOrder,
} from '@shared/dispatch/dispatch.contracts';
import type { VisitStatus } from '@shared/orders/order-status';
import { contractors } from '../../contractors/contractors.schema';
import { users } from '../../users/users.schema';
import { isEngineer } from '../../users/user-lookup.service';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import {
  customerContactColumns,
  customerNameOf,
  customerOfOrder,
  jobLineColumns,
  jobTypeOfOrder,
  orderLineColumns,
  orderOfVisit,
} from './job-line.projection';
import { customerAnswersOfOrders } from '../../customer-links/customer-form-lookup.service';

// Reads for the dispatch board, always within one contractor company. No price column is ever
// selected here (PRODUCT.md: a contractor never sees the partner price).

const visitColumns = {
  id: visits.id,
  orderId: visits.orderId,
  orderNumber: orders.orderNumber,
  engineerId: visits.engineerId,
  date: visits.scheduledDate,
  slot: visits.slot,
  status: visits.status,
  orderStatus: orders.status,
  ...jobLineColumns,
};

type VisitRowOut = {
  [K in keyof typeof visitColumns]: (typeof visitColumns)[K]['_']['data'];
};

function toBoardVisit(row: VisitRowOut): BoardVisit {
  const { firstName, lastName, ...rest } = row;
  return { ...rest, customerName: customerNameOf({ firstName, lastName }) };
}

function visitQuery(db: Database) {
  return db
    .select(visitColumns)
    .from(visits)
    .innerJoin(orders, orderOfVisit)
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder);
}

/**
 * The visits from `from` to `to` (inclusive) of one company, or of every company when none is
 * given; of one status, or every status but cancelled.
 */
export async function listVisitsBetween(
  db: Database,
  filter: { contractorId?: string; status?: VisitStatus },
  from: string,
  to: string,
): Promise<BoardVisit[]> {
  const rows = await visitQuery(db)
    .where(
      and(
        filter.contractorId ? eq(visits.contractorId, filter.contractorId) : undefined,
        gte(visits.scheduledDate, from),
        lte(visits.scheduledDate, to),
        filter.status ? eq(visits.status, filter.status) : ne(visits.status, 'cancelled'),
      ),
    )
    .orderBy(asc(visits.scheduledDate), asc(visits.slot), asc(orders.orderNumber));
  return rows.map(toBoardVisit);
}

/** The company's visits from `from` to `to` (inclusive), cancelled ones left out. */
export function listCompanyVisits(db: Database, contractorId: string, from: string, to: string) {
  return listVisitsBetween(db, { contractorId }, from, to);
}

/** The contractor company a visit belongs to, or null when there is no such visit. */
export async function findVisitCompany(db: Database, visitId: string): Promise<string | null> {
  const [row] = await db
    .select({ contractorId: visits.contractorId })
    .from(visits)
    .where(eq(visits.id, visitId))
    .limit(1);
  return row?.contractorId ?? null;
}

/**
 * The engineers the calendar shows, with their company: every active one of the active
 * companies (or of one), and any other holding a visit in view (given by id).
 */
export async function listCalendarEngineers(
  db: Database,
  contractorId: string | undefined,
  alsoIds: readonly string[],
): Promise<CalendarEngineer[]> {
  const active = and(ne(users.status, 'disabled'), eq(contractors.active, true));
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      owner: sql<boolean>`(${users.role} = 'contractor')`,
      contractorId: contractors.id,
      contractorName: contractors.name,
    })
    .from(users)
    .innerJoin(contractors, eq(contractors.id, users.contractorId))
    .where(
      and(
        isEngineer,
        contractorId ? eq(users.contractorId, contractorId) : undefined,
        alsoIds.length > 0 ? or(active, inArray(users.id, [...alsoIds])) : active,
      ),
    )
    .orderBy(asc(contractors.name), asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map(({ status, ...row }) => ({ ...row, active: status !== 'disabled' }));
}

/** One visit of the company, or null (another company's visit is not found). */
export async function findCompanyVisit(
  db: Database,
  contractorId: string,
  visitId: string,
): Promise<BoardVisit | null> {
  const [row] = await visitQuery(db)
    .where(and(eq(visits.id, visitId), eq(visits.contractorId, contractorId)))
    .limit(1);
  return row ? toBoardVisit(row) : null;
}

/** The order's visit to come, as the board shows it. */
export async function findScheduledVisitOfOrder(
  db: Database,
  orderId: string,
): Promise<BoardVisit | null> {
  const [row] = await visitQuery(db)
    .where(and(eq(visits.orderId, orderId), eq(visits.status, 'scheduled')))
    .limit(1);
  return row ? toBoardVisit(row) : null;
}

/** Accepted orders with no visit to come: assigned, or a revisit needed. */
export async function listWaitingOrders(
  db: Database,
  contractorId: string,
): Promise<WaitingOrder[]> {
  const rows = await db
    .select({ id: orders.id, ...orderLineColumns })
    .from(orders)
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder)
    .where(
      and(
        eq(orders.contractorId, contractorId),
        isNotNull(orders.contractorAcceptedAt),
        inArray(orders.status, ['assigned', 'revisit_required']),
      ),
    )
    .orderBy(asc(orders.receivedAt), asc(orders.orderNumber))
    .limit(500);
  const answers = await customerAnswersOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .map(({ firstName, lastName, ...row }) => ({
      ...row,
      availability: answers.get(row.id)?.availability ?? [],
      customerName: customerNameOf({ firstName, lastName }),
      kitReady: row.kitStatus === 'arrived' || row.kitStatus === 'customer_supplied',
      revisit: row.status === 'revisit_required',
    }))
    .sort((a, b) => Number(b.kitReady) - Number(a.kitReady));
}

/** The company's visits on one day (all engineers, or one), cancelled ones left out. */
export async function listCompanyDayVisits(
  db: Database,
  contractorId: string,
  date: string,
  engineerId: string | undefined,
) {
  return db
    .select({
      id: visits.id,
      orderId: visits.orderId,
      engineerId: visits.engineerId,
      slot: visits.slot,
      status: visits.status,
      serials: visits.serials,
      otherSerials: visits.otherSerials,
      orderNumber: orders.orderNumber,
      orderNotes: orders.notes,
      jobTypeName: jobTypes.name,
      ...customerContactColumns,
      county: customers.county,
    })
    .from(visits)
    .innerJoin(orders, orderOfVisit)
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder)
    .where(
      and(
        eq(visits.contractorId, contractorId),
        eq(visits.scheduledDate, date),
        ne(visits.status, 'cancelled'),
        engineerId ? eq(visits.engineerId, engineerId) : undefined,
      ),
    )
    .orderBy(asc(visits.slot), asc(orders.orderNumber));
}
