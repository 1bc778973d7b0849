import { and, asc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { jobTypes } from '../../db/schema/job-types';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { visits } from '../../db/schema/visits';
import type { VisitStatus } from '@shared/orders/order-status';
import type { VisitListItem } from '@shared/orders/visits.contracts';
import type { Viewer } from '../orders/orders.service';

const engineer = alias(users, 'visit_engineer');
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Visits the viewer may see: all (back office), their company's, or their own. */
export async function listVisits(
  db: Database,
  viewer: Viewer,
  filter: { from?: string; to?: string; status?: VisitStatus; engineerId?: string; limit: number },
): Promise<VisitListItem[]> {
  const conditions: (SQL | undefined)[] = [];
  if (!viewer.backOffice) {
    const scope: SQL[] = [];
    if (viewer.contractorId) scope.push(eq(visits.contractorId, viewer.contractorId));
    if (viewer.engineer) scope.push(eq(visits.engineerId, viewer.userId));
    if (scope.length === 0) return [];
    conditions.push(or(...scope));
  }
  if (filter.from) conditions.push(gte(visits.scheduledDate, filter.from));
  if (filter.to) conditions.push(lte(visits.scheduledDate, filter.to));
  if (filter.status) conditions.push(eq(visits.status, filter.status));
  if (filter.engineerId) conditions.push(eq(visits.engineerId, filter.engineerId));
  const rows = await db
    .select({
      visit: visits,
      engineerFirstName: engineer.firstName,
      engineerLastName: engineer.lastName,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      jobTypeName: jobTypes.name,
      firstName: customers.firstName,
      lastName: customers.lastName,
      postcode: customers.postcode,
      town: customers.town,
    })
    .from(visits)
    .innerJoin(engineer, eq(engineer.id, visits.engineerId))
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId))
    .where(and(...conditions))
    .orderBy(asc(visits.scheduledDate), asc(visits.slot), asc(visits.id))
    .limit(filter.limit);
  return rows.map((r) => ({
    id: r.visit.id,
    orderId: r.visit.orderId,
    contractorId: r.visit.contractorId,
    engineer: {
      id: r.visit.engineerId,
      firstName: r.engineerFirstName,
      lastName: r.engineerLastName,
    },
    scheduledDate: r.visit.scheduledDate,
    slot: r.visit.slot,
    status: r.visit.status,
    checkedInAt: iso(r.visit.checkedInAt),
    checkedOutAt: iso(r.visit.checkedOutAt),
    outcome: r.visit.outcome,
    failureReason: r.visit.failureReason,
    outcomeNotes: r.visit.outcomeNotes,
    customerSignOffName: r.visit.customerSignOffName,
    serials: r.visit.serials,
    kitOverrideReason: r.visit.kitOverrideReason,
    createdAt: r.visit.createdAt.toISOString(),
    order: {
      id: r.visit.orderId,
      orderNumber: r.orderNumber,
      status: r.orderStatus,
      jobTypeName: r.jobTypeName,
      customerName: `${r.firstName} ${r.lastName}`,
      postcode: r.postcode,
      town: r.town,
    },
  }));
}
