import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import { partners } from '../../partners/partners.schema';
import { users } from '../../users/users.schema';
import { visits } from '../../visits/visits.schema';
import { orders } from '../orders.schema';
import {
  customerContactColumns,
  customerOfOrder,
  jobTypeOfOrder,
  orderOfVisit,
} from './job-line.projection';

// The engineer's app and the installation record: a visit with its order and engineer, the
// engineer's visits with what they need on site, and the order the record is of.

const engineer = alias(users, 'record_engineer');

/** Visits with their order number and status and the engineer's name. */
function selectVisitsWithOrder(db: Database) {
  return db
    .select({
      visit: visits,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      engineerFirstName: engineer.firstName,
      engineerLastName: engineer.lastName,
    })
    .from(visits)
    .innerJoin(orders, orderOfVisit)
    .innerJoin(engineer, eq(engineer.id, visits.engineerId));
}

export async function findVisitWithOrder(db: Database, visitId: string) {
  const [row] = await selectVisitsWithOrder(db).where(eq(visits.id, visitId)).limit(1);
  return row ?? null;
}
export type VisitWithOrder = NonNullable<Awaited<ReturnType<typeof findVisitWithOrder>>>;

export async function findVisitsWithOrderOfOrder(db: Database, orderId: string) {
  return selectVisitsWithOrder(db)
    .where(eq(visits.orderId, orderId))
    .orderBy(asc(visits.createdAt), asc(visits.id));
}

/** The engineer's visits in a date range, with what they need on site; cancelled ones are not. */
export async function findEngineerVisits(
  db: Database,
  engineerId: string,
  from: string,
  to: string,
) {
  return db
    .select({
      visit: visits,
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        notes: orders.notes,
      },
      jobType: { code: jobTypes.code, name: jobTypes.name },
      customer: { ...customerContactColumns, county: customers.county },
      engineerFirstName: engineer.firstName,
      engineerLastName: engineer.lastName,
    })
    .from(visits)
    .innerJoin(orders, orderOfVisit)
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder)
    .innerJoin(engineer, eq(engineer.id, visits.engineerId))
    .where(
      and(
        eq(visits.engineerId, engineerId),
        ne(visits.status, 'cancelled'),
        gte(visits.scheduledDate, from),
        lte(visits.scheduledDate, to),
      ),
    )
    .orderBy(asc(visits.scheduledDate), asc(visits.slot), asc(visits.id));
}

/** The order with its customer, job type and partner, for the record pages. */
export async function findOrderForRecord(db: Database, where: { id?: string; number?: string }) {
  const [row] = await db
    .select({
      order: orders,
      customer: customers,
      jobTypeName: jobTypes.name,
      partnerName: partners.name,
    })
    .from(orders)
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder)
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(where.id ? eq(orders.id, where.id) : eq(orders.orderNumber, where.number ?? ''))
    .limit(1);
  return row ?? null;
}
export type OrderForRecord = NonNullable<Awaited<ReturnType<typeof findOrderForRecord>>>;
