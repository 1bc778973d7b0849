import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { contractors } from '../../contractors/contractors.schema';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import { partners } from '../../partners/partners.schema';
import { orders } from '../orders.schema';
import { customerOfOrder, jobTypeOfOrder } from './job-line.projection';
import type { OrderListFilters, OrderSortField } from '@shared/orders/orders.contracts';
import { searchPatterns } from '@shared/orders/order-search';
import type { Viewer } from '../order-access';

// The order summary (decision 055): an order with its partner's name, its customer's name,
// postcode and town, its job type's name and its contractor's name. The order list and its CSV
// export read it page by page; a customer's page reads the orders of that customer.

const summaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  kitStatus: orders.kitStatus,
  partnerId: orders.partnerId,
  partnerName: partners.name,
  partnerReference: orders.partnerReference,
  customerId: orders.customerId,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  postcode: customers.postcode,
  town: customers.town,
  jobTypeId: orders.jobTypeId,
  jobTypeName: jobTypes.name,
  contractorId: orders.contractorId,
  contractorName: contractors.name,
  contractorAcceptedAt: orders.contractorAcceptedAt,
  requestedDate: orders.requestedDate,
  slaAtRiskAt: orders.slaAtRiskAt,
  slaDueAt: orders.slaDueAt,
  slaStoppedAt: orders.slaStoppedAt,
  receivedAt: orders.receivedAt,
  updatedAt: orders.updatedAt,
  pricePence: orders.pricePence,
  payoutPence: orders.payoutPence,
};
export type OrderListRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['notNull'] extends true
    ? (typeof summaryColumns)[K]['_']['data']
    : (typeof summaryColumns)[K]['_']['data'] | null;
};

/** The order's partner, customer, job type and contractor, joined to a query of orders. */
function joinSummary<T extends PgSelect>(query: T) {
  return query
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .innerJoin(customers, customerOfOrder)
    .innerJoin(jobTypes, jobTypeOfOrder)
    .leftJoin(contractors, eq(contractors.id, orders.contractorId));
}

function dayStart(date: string) {
  return new Date(`${date}T00:00:00Z`);
}

/** The viewer's scope: back office everything, others their contractor's or their visits. */
export function scopeCondition(viewer: Viewer): SQL | undefined {
  if (viewer.backOffice) return undefined;
  const parts: SQL[] = [];
  if (viewer.contractorId) parts.push(eq(orders.contractorId, viewer.contractorId));
  if (viewer.engineer) {
    parts.push(
      exists(
        sql`(select 1 from visits v2 where v2.order_id = "orders"."id" and v2.engineer_id = ${viewer.userId})`,
      ),
    );
  }
  return parts.length === 0 ? sql`false` : or(...parts);
}

export function orderListConditions(
  filters: Omit<OrderListFilters, 'page' | 'pageSize' | 'sort' | 'direction'>,
  viewer: Viewer,
  now: Date,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeCondition(viewer)];
  if (filters.status) conditions.push(inArray(orders.status, filters.status));
  if (filters.kitStatus) conditions.push(inArray(orders.kitStatus, filters.kitStatus));
  if (filters.partnerId) conditions.push(eq(orders.partnerId, filters.partnerId));
  if (filters.jobTypeId) conditions.push(eq(orders.jobTypeId, filters.jobTypeId));
  if (filters.contractorId === 'none') conditions.push(isNull(orders.contractorId));
  else if (filters.contractorId) conditions.push(eq(orders.contractorId, filters.contractorId));
  if (filters.receivedFrom) conditions.push(gte(orders.receivedAt, dayStart(filters.receivedFrom)));
  if (filters.receivedTo) {
    const end = dayStart(filters.receivedTo);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(orders.receivedAt, end));
  }
  const completedDay = sql`(${orders.completedAt} at time zone 'Europe/London')::date`;
  if (filters.completedFrom)
    conditions.push(sql`${completedDay} >= ${filters.completedFrom}::date`);
  if (filters.completedTo) conditions.push(sql`${completedDay} <= ${filters.completedTo}::date`);
  if (filters.slaState) {
    const at = sql`coalesce(${orders.slaStoppedAt}, ${now.toISOString()}::timestamptz)`;
    const byState = {
      breached: sql`${at} > ${orders.slaDueAt}`,
      at_risk: sql`(${at} > ${orders.slaAtRiskAt} and ${at} <= ${orders.slaDueAt})`,
      on_track: sql`${at} <= ${orders.slaAtRiskAt}`,
    };
    conditions.push(or(...filters.slaState.map((state) => byState[state])));
  }
  if (filters.q) {
    const patterns = searchPatterns(filters.q);
    if (patterns.length > 0) {
      conditions.push(or(...patterns.map((pattern) => sql`${orders.searchText} like ${pattern}`)));
    }
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

const sortColumns: Record<OrderSortField, SQL | typeof orders.receivedAt> = {
  receivedAt: orders.receivedAt,
  orderNumber: sql`${orders.orderNumber}`,
  status: sql`${orders.status}`,
  requestedDate: sql`${orders.requestedDate}`,
  slaDueAt: sql`${orders.slaDueAt}`,
  updatedAt: sql`${orders.updatedAt}`,
};

/** One page of the orders the viewer may see, filtered and sorted, and (unless told) the total. */
export async function listOrders(
  db: Database,
  filters: OrderListFilters,
  viewer: Viewer,
  now: Date,
  options: { withTotal?: boolean; limit?: number; offset?: number } = {},
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = orderListConditions(filters, viewer, now);
  const direction = filters.direction === 'asc' ? asc : desc;
  const limit = options.limit ?? filters.pageSize;
  const offset = options.offset ?? (filters.page - 1) * filters.pageSize;
  // Page the orders alone first, then join the page: the joins never widen the sort.
  const page = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(direction(sortColumns[filters.sort]), direction(orders.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rowsQuery = joinSummary(
    db.select(summaryColumns).from(page).innerJoin(orders, eq(orders.id, page.id)).$dynamic(),
  ).orderBy(direction(sortColumns[filters.sort]), direction(orders.id));
  const [rows, total] = await Promise.all([
    rowsQuery as unknown as Promise<OrderListRow[]>,
    options.withTotal === false
      ? Promise.resolve(0)
      : db
          .select({ count: sql<number>`count(*)::int` })
          .from(orders)
          .where(where)
          .then((r) => Number(r[0]?.count ?? 0)),
  ]);
  return { rows, total };
}

/** Every order of one customer, newest first. */
export async function listOrdersOfCustomer(db: Database, customerId: string) {
  const rows = joinSummary(db.select(summaryColumns).from(orders).$dynamic())
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.receivedAt));
  return rows as unknown as Promise<OrderListRow[]>;
}
