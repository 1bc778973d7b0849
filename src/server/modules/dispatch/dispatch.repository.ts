import { and, asc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { jobTypes } from '../../db/schema/job-types';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { visits } from '../../db/schema/visits';
import type { BoardVisit, WaitingOrder } from '@shared/dispatch/dispatch.contracts';
import type { VisitSlot } from '@shared/orders/order-status';

// Reads for the dispatch board, always within one contractor company. No price column is ever
// selected here (PRODUCT.md: a contractor never sees the partner price).

const isEngineer = sql<boolean>`(${users.role} = 'engineer' or 'engineer' = any(${users.additionalRoles}))`;

export type CompanyEngineer = {
  id: string;
  firstName: string;
  lastName: string;
  status: 'invited' | 'active' | 'disabled';
  owner: boolean;
};

const engineerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  owner: sql<boolean>`(${users.role} = 'contractor')`,
};

/** The company's engineers (the dual-role owner among them), and any given here by id. */
export async function listCompanyEngineers(
  db: Database,
  contractorId: string,
  alsoIds: readonly string[],
): Promise<CompanyEngineer[]> {
  const notDisabled = ne(users.status, 'disabled');
  const scope = alsoIds.length > 0 ? or(notDisabled, inArray(users.id, [...alsoIds])) : notDisabled;
  return db
    .select(engineerColumns)
    .from(users)
    .where(and(eq(users.contractorId, contractorId), isEngineer, scope))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** One engineer of the company, locked so two placements for them cannot race. */
export async function lockCompanyEngineer(
  tx: Database,
  contractorId: string,
  engineerId: string,
): Promise<CompanyEngineer | null> {
  const [row] = await tx
    .select(engineerColumns)
    .from(users)
    .where(and(eq(users.id, engineerId), eq(users.contractorId, contractorId), isEngineer))
    .for('update');
  return row ?? null;
}

const visitColumns = {
  id: visits.id,
  orderId: visits.orderId,
  orderNumber: orders.orderNumber,
  engineerId: visits.engineerId,
  date: visits.scheduledDate,
  slot: visits.slot,
  status: visits.status,
  orderStatus: orders.status,
  jobTypeName: jobTypes.name,
  firstName: customers.firstName,
  lastName: customers.lastName,
  postcode: customers.postcode,
  town: customers.town,
};

type VisitRowOut = {
  [K in keyof typeof visitColumns]: (typeof visitColumns)[K]['_']['data'];
};

function toBoardVisit(row: VisitRowOut): BoardVisit {
  const { firstName, lastName, ...rest } = row;
  return { ...rest, customerName: `${firstName} ${lastName}`.trim() };
}

function visitQuery(db: Database) {
  return db
    .select(visitColumns)
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId));
}

/** The company's visits from `from` to `to` (inclusive), cancelled ones left out. */
export async function listCompanyVisits(
  db: Database,
  contractorId: string,
  from: string,
  to: string,
): Promise<BoardVisit[]> {
  const rows = await visitQuery(db)
    .where(
      and(
        eq(visits.contractorId, contractorId),
        gte(visits.scheduledDate, from),
        lte(visits.scheduledDate, to),
        ne(visits.status, 'cancelled'),
      ),
    )
    .orderBy(asc(visits.scheduledDate), asc(visits.slot), asc(orders.orderNumber));
  return rows.map(toBoardVisit);
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

/** The slots the engineer's visits take that day (cancelled and failed ones free theirs). */
export async function takenSlots(
  db: Database,
  engineerId: string,
  date: string,
  exceptVisitId: string | null,
): Promise<VisitSlot[]> {
  const rows = await db
    .select({ slot: visits.slot })
    .from(visits)
    .where(
      and(
        eq(visits.engineerId, engineerId),
        eq(visits.scheduledDate, date),
        inArray(visits.status, ['scheduled', 'in_progress', 'completed']),
        exceptVisitId ? ne(visits.id, exceptVisitId) : undefined,
      ),
    );
  return rows.map((r) => r.slot);
}

/** Whether the order is the company's (accepted or offered): else it answers 404. */
export async function isCompanyOrder(db: Database, contractorId: string, orderId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.contractorId, contractorId)))
    .limit(1);
  return !!row;
}

/** Accepted orders with no visit to come: assigned, or a revisit needed. */
export async function listWaitingOrders(
  db: Database,
  contractorId: string,
): Promise<WaitingOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      kitStatus: orders.kitStatus,
      jobTypeName: jobTypes.name,
      firstName: customers.firstName,
      lastName: customers.lastName,
      postcode: customers.postcode,
      town: customers.town,
      requestedDate: orders.requestedDate,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId))
    .where(
      and(
        eq(orders.contractorId, contractorId),
        isNotNull(orders.contractorAcceptedAt),
        inArray(orders.status, ['assigned', 'revisit_required']),
      ),
    )
    .orderBy(asc(orders.receivedAt), asc(orders.orderNumber))
    .limit(500);
  return rows
    .map(({ firstName, lastName, ...row }) => ({
      ...row,
      customerName: `${firstName} ${lastName}`.trim(),
      kitReady: row.kitStatus === 'arrived' || row.kitStatus === 'customer_supplied',
      revisit: row.status === 'revisit_required',
    }))
    .sort((a, b) => Number(b.kitReady) - Number(a.kitReady));
}
