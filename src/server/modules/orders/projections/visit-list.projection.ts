import { and, asc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import { users } from '../../users/users.schema';
import { visits } from '../../visits/visits.schema';
import { orders } from '../orders.schema';
import type { Viewer } from '../order-access';
import type { VisitStatus } from '@shared/orders/order-status';
import type { VisitListItem } from '@shared/visits/visits.contracts';
import {
  customerOfOrder,
  jobLineColumns,
  jobTypeOfOrder,
  orderOfVisit,
} from './job-line.projection';

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
      ...jobLineColumns,
    })
    .from(visits)
    .innerJoin(engineer, eq(engineer.id, visits.engineerId))
    .innerJoin(orders, orderOfVisit)
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder)
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
    checkInOffDayReason: r.visit.checkInOffDayReason,
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
      // Untrimmed, as the visits list has always shown it.
      customerName: `${r.firstName} ${r.lastName}`,
      postcode: r.postcode,
      town: r.town,
    },
  }));
}
