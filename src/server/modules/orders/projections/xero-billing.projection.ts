import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { contractors } from '../../contractors/contractors.schema';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import { partners } from '../../partners/partners.schema';
import { orders } from '../orders.schema';

// Issue 22: what Xero's invoice and bill for an order say: who pays (the partner, or the
// customer of a direct order), who is paid (the contractor), what for and how much.

/** Orders from this partner are the customer's own: the invoice goes to the customer. */
export const directPartnerCode = 'DIRECT';

export type XeroBillingFacts = {
  id: string;
  orderNumber: string;
  partnerReference: string | null;
  status: string;
  pricePence: number;
  payoutPence: number;
  completedAt: Date | null;
  cancelledAt: Date | null;
  jobTypeName: string;
  partnerId: string;
  partnerName: string;
  partnerCode: string;
  customerId: string;
  customerName: string;
  customerEmail: string | null;
  contractorId: string | null;
  contractorName: string | null;
};

export async function findXeroBillingFacts(
  db: Database,
  orderId: string,
): Promise<XeroBillingFacts | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      partnerReference: orders.partnerReference,
      status: orders.status,
      pricePence: orders.pricePence,
      payoutPence: orders.payoutPence,
      completedAt: orders.completedAt,
      cancelledAt: orders.cancelledAt,
      jobTypeName: jobTypes.name,
      partnerId: partners.id,
      partnerName: partners.name,
      partnerCode: partners.code,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      customerEmail: customers.email,
      contractorId: orders.contractorId,
      contractorName: contractors.name,
    })
    .from(orders)
    .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId))
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(contractors, eq(contractors.id, orders.contractorId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { firstName, lastName, ...rest } = row;
  return { ...rest, customerName: `${firstName} ${lastName}`.trim() };
}

/** Orders completed (or completed then closed) at or after `since`, oldest first. */
export async function findOrdersCompletedSince(db: Database, since: Date) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNotNull(orders.completedAt),
        gte(orders.completedAt, since),
        inArray(orders.status, ['completed', 'closed']),
      ),
    )
    .orderBy(asc(orders.completedAt));
  return rows.map((row) => row.id);
}

/** Order numbers by id, for the sync log. */
export async function findOrderNumbersForXero(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.orderNumber]));
}
