import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import { visits } from '../../visits/visits.schema';
import { orders } from '../orders.schema';
import { customerOfOrder, jobTypeOfOrder } from './job-line.projection';
import type { CustomerOrder } from '@shared/customer-portal/customer-orders.contracts';

// The signed-in customer's orders (decision 055): each with its job type, the installation
// address from the customer record, and the visit to come.

/**
 * The orders of every customer record carrying this email (compared case-insensitively),
 * newest first, with only what the customer may see: no price, payout, partner or notes.
 */
export async function listOrdersForCustomerEmail(
  db: Database,
  email: string,
): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      kitStatus: orders.kitStatus,
      jobTypeName: jobTypes.name,
      requestedDate: orders.requestedDate,
      createdAt: orders.createdAt,
      addressLine1: customers.addressLine1,
      addressLine2: customers.addressLine2,
      town: customers.town,
      postcode: customers.postcode,
    })
    .from(orders)
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder)
    .where(sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];

  // The visit still to come: scheduled or under way (at most one per order; latest wins).
  const upcoming = await db
    .select({ orderId: visits.orderId, date: visits.scheduledDate, slot: visits.slot })
    .from(visits)
    .where(
      and(
        inArray(
          visits.orderId,
          rows.map((r) => r.id),
        ),
        inArray(visits.status, ['scheduled', 'in_progress']),
      ),
    )
    .orderBy(visits.scheduledDate);
  const nextVisit = new Map(upcoming.map((v) => [v.orderId, { date: v.date, slot: v.slot }]));

  return rows.map((row) => ({
    orderNumber: row.orderNumber,
    status: row.status,
    kitStatus: row.kitStatus,
    jobTypeName: row.jobTypeName,
    address: [row.addressLine1, row.addressLine2, row.town, row.postcode]
      .filter((part) => part && part.trim() !== '')
      .join(', '),
    requestedDate: row.requestedDate,
    nextVisit: nextVisit.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
