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
import {
  countWithEstimate,
  cursorKeyColumn,
  keysetPage,
  type KeyColumn,
  type ListPaging,
  type ListTotal,
} from '../../../db/keyset';

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
  filters: Omit<OrderListFilters, 'page' | 'pageSize' | 'sort' | 'direction' | 'cursor'>,
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

/**
 * The key each sort pages by (decision 085): the sorted column, then the id to order ties, each
 * served by an index (orders.schema.ts). A missing requested date sorts as the latest, as NULL
 * did (last ascending, first descending); the order number is unique on its own.
 */
const sortKeys: Record<OrderSortField, KeyColumn[]> = {
  receivedAt: [
    { sql: sql`${orders.receivedAt}`, type: 'timestamptz' },
    { sql: sql`${orders.id}`, type: 'uuid' },
  ],
  orderNumber: [{ sql: sql`${orders.orderNumber}`, type: 'text' }],
  status: [
    { sql: sql`${orders.status}`, type: 'text' },
    { sql: sql`${orders.id}`, type: 'uuid' },
  ],
  requestedDate: [
    { sql: sql`coalesce(${orders.requestedDate}, 'infinity'::date)`, type: 'date' },
    { sql: sql`${orders.id}`, type: 'uuid' },
  ],
  slaDueAt: [
    { sql: sql`${orders.slaDueAt}`, type: 'timestamptz' },
    { sql: sql`${orders.id}`, type: 'uuid' },
  ],
  updatedAt: [
    { sql: sql`${orders.updatedAt}`, type: 'timestamptz' },
    { sql: sql`${orders.id}`, type: 'uuid' },
  ],
};

type OrderPageRow = OrderListRow & { cursorKey: string };

/** The orders of one page: the orders alone are paged first, then the page is joined. */
function orderPageRows(
  db: Database,
  where: SQL | undefined,
  keys: readonly KeyColumn[],
  page: { after: SQL | undefined; orderBy: SQL[]; limit: number; offset: number },
): Promise<OrderPageRow[]> {
  // Page the orders alone first, then join the page: the joins never widen the sort.
  const ids = db
    .select({ id: orders.id, cursorKey: cursorKeyColumn(keys).as('cursor_key') })
    .from(orders)
    .where(page.after ? and(where, page.after) : where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const rows = joinSummary(
    db
      .select({ ...summaryColumns, cursorKey: ids.cursorKey })
      .from(ids)
      .innerJoin(orders, eq(orders.id, ids.id))
      .$dynamic(),
  ).orderBy(...page.orderBy);
  return rows as unknown as Promise<OrderPageRow[]>;
}

/**
 * One page of the orders the viewer may see, filtered and sorted, by keyset after (or before) a
 * cursor, or by page number (bounded); and (unless told) the total, exact up to the threshold
 * and estimated beyond it.
 */
export async function listOrders(
  db: Database,
  filters: OrderListFilters,
  viewer: Viewer,
  now: Date,
  paging: ListPaging,
  options: { withTotal?: boolean } = {},
): Promise<
  { rows: OrderListRow[]; nextCursor: string | null; prevCursor: string | null } & ListTotal
> {
  const where = orderListConditions(filters, viewer, now);
  const keys = sortKeys[filters.sort];
  const [page, total] = await Promise.all([
    keysetPage(
      {
        list: `orders:${filters.sort}:${filters.direction}`,
        codec: paging.codec,
        keys,
        descending: filters.direction !== 'asc',
        limit: filters.pageSize,
        cursor: filters.cursor,
        page: filters.page,
      },
      (request) => orderPageRows(db, where, keys, request),
    ),
    options.withTotal === false
      ? Promise.resolve({ total: 0, totalIsEstimate: false })
      : countWithEstimate(db, {
          rows: () => db.select({ id: orders.id }).from(orders).where(where).$dynamic(),
          table: 'orders',
          filtered: where !== undefined,
          exactCountLimit: paging.exactCountLimit,
        }),
  ]);
  return { ...page, ...total };
}

/** The first `limit` orders of a list (the CSV export), in its order. */
export async function firstOrders(
  db: Database,
  filters: OrderListFilters,
  viewer: Viewer,
  now: Date,
  limit: number,
): Promise<OrderListRow[]> {
  const keys = sortKeys[filters.sort];
  const order = filters.direction === 'asc' ? asc : desc;
  return orderPageRows(db, orderListConditions(filters, viewer, now), keys, {
    after: undefined,
    orderBy: keys.map((key) => order(key.sql)),
    limit,
    offset: 0,
  });
}

/** Every order of one customer, newest first. */
export async function listOrdersOfCustomer(db: Database, customerId: string) {
  const rows = joinSummary(db.select(summaryColumns).from(orders).$dynamic())
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.receivedAt));
  return rows as unknown as Promise<OrderListRow[]>;
}
