import {
  and,
  asc,
  desc,
  eq,
  exists,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { PgDialect, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { preparedPerShape } from '../../../db/prepared';
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
  exactCountLimitOf,
  cursorKeyColumn,
  keysetCondition,
  keysetPage,
  type KeyColumn,
  type KeysetOperator,
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

/**
 * How a condition takes a value: as a parameter of this query (`inline`), or by name, as a
 * placeholder of a statement prepared once for every request of its shape, the value kept for
 * the run (`placeholdersInto`).
 */
type Bind = (name: string, value: unknown) => SQLWrapper;
const inline: Bind = (_name, value) => sql.param(value);
function placeholdersInto(values: Record<string, unknown>): Bind {
  return (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
}

/** The viewer's scope: back office everything, others their contractor's or their visits. */
export function scopeCondition(viewer: Viewer, bind: Bind = inline): SQL | undefined {
  if (viewer.backOffice) return undefined;
  const parts: SQL[] = [];
  if (viewer.contractorId)
    parts.push(eq(orders.contractorId, bind('scopeContractorId', viewer.contractorId)));
  if (viewer.engineer) {
    parts.push(
      exists(
        sql`(select 1 from visits v2 where v2.order_id = "orders"."id" and v2.engineer_id = ${bind('scopeUserId', viewer.userId)})`,
      ),
    );
  }
  return parts.length === 0 ? sql`false` : or(...parts);
}

export function orderListConditions(
  filters: Omit<OrderListFilters, 'page' | 'pageSize' | 'sort' | 'direction' | 'cursor'>,
  viewer: Viewer,
  now: Date,
  bind: Bind = inline,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeCondition(viewer, bind)];
  if (filters.status)
    conditions.push(sql`${orders.status} = any(${bind('status', filters.status)}::text[])`);
  if (filters.kitStatus)
    conditions.push(
      sql`${orders.kitStatus} = any(${bind('kitStatus', filters.kitStatus)}::text[])`,
    );
  if (filters.partnerId)
    conditions.push(eq(orders.partnerId, bind('partnerId', filters.partnerId)));
  if (filters.jobTypeId)
    conditions.push(eq(orders.jobTypeId, bind('jobTypeId', filters.jobTypeId)));
  if (filters.contractorId === 'none') conditions.push(isNull(orders.contractorId));
  else if (filters.contractorId)
    conditions.push(eq(orders.contractorId, bind('contractorId', filters.contractorId)));
  if (filters.receivedFrom) {
    const start = dayStart(filters.receivedFrom).toISOString();
    conditions.push(sql`${orders.receivedAt} >= ${bind('receivedFrom', start)}::timestamptz`);
  }
  if (filters.receivedTo) {
    const end = dayStart(filters.receivedTo);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(
      sql`${orders.receivedAt} < ${bind('receivedTo', end.toISOString())}::timestamptz`,
    );
  }
  const completedDay = sql`(${orders.completedAt} at time zone 'Europe/London')::date`;
  if (filters.completedFrom)
    conditions.push(sql`${completedDay} >= ${bind('completedFrom', filters.completedFrom)}::date`);
  if (filters.completedTo)
    conditions.push(sql`${completedDay} <= ${bind('completedTo', filters.completedTo)}::date`);
  if (filters.slaState) {
    const at = sql`coalesce(${orders.slaStoppedAt}, ${bind('now', now.toISOString())}::timestamptz)`;
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
      conditions.push(
        or(
          ...patterns.map((pattern, i) => sql`${orders.searchText} like ${bind(`q${i}`, pattern)}`),
        ),
      );
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
function orderPageQuery(
  db: Database,
  where: SQL | undefined,
  keys: readonly KeyColumn[],
  page: {
    after: SQL | undefined;
    orderBy: SQL[];
    limit: number | Placeholder;
    offset: number | Placeholder;
  },
) {
  // Page the orders alone first, then join the page: the joins never widen the sort.
  const ids = db
    .select({ id: orders.id, cursorKey: cursorKeyColumn(keys).as('cursor_key') })
    .from(orders)
    .where(page.after ? and(where, page.after) : where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  return joinSummary(
    db
      .select({ ...summaryColumns, cursorKey: ids.cursorKey })
      .from(ids)
      .innerJoin(orders, eq(orders.id, ids.id))
      .$dynamic(),
  ).orderBy(...page.orderBy);
}

type OrderPageStatement = ReturnType<ReturnType<typeof orderPageQuery>['prepare']>;
/** The 200 most recently used shapes per handle: a user's filters repeat a handful. */
const orderPageStatementOf = preparedPerShape<OrderPageStatement>(200);
const shapeDialect = new PgDialect();
// Unnamed on PostgreSQL, so each run is still planned with its values. A named statement may
// switch to one generic plan after five runs, and a generic plan cannot know how rare a search
// pattern is (an index walk that suits "pa" would read the whole list for a postcode).
const unnamed = '';

/**
 * The page statement for this shape of list (its conditions' SQL, sort, direction and keyset
 * side), built once per handle with every value a placeholder (decision 096): the order list is
 * the hottest list, and drizzle building its query took 0.3 ms of a request. The shape is read
 * from the conditions' own SQL, so a new filter cannot be left out of it.
 */
function orderPageStatement(
  db: Database,
  where: SQL | undefined,
  sort: OrderSortField,
  page: { orderBy: SQL[]; descending: boolean; operator: KeysetOperator | undefined },
): OrderPageStatement {
  const shape = [
    sort,
    page.descending ? 'desc' : 'asc',
    page.operator ?? '',
    where ? shapeDialect.sqlToQuery(where).sql : '',
  ].join('|');
  return orderPageStatementOf(db, shape, () => {
    const keys = sortKeys[sort];
    return orderPageQuery(db, where, keys, {
      after: page.operator
        ? keysetCondition(
            keys,
            keys.map((_, i) => sql.placeholder(`after${i}`)),
            page.operator,
          )
        : undefined,
      orderBy: page.orderBy,
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    }).prepare(unnamed);
  });
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
  const values: Record<string, unknown> = {};
  const shapeWhere = orderListConditions(filters, viewer, now, placeholdersInto(values));
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
      (request) =>
        orderPageStatement(db, shapeWhere, filters.sort, {
          orderBy: request.orderBy,
          descending: request.descending,
          operator: request.position?.operator,
        }).execute({
          ...values,
          ...Object.fromEntries(
            (request.position?.key ?? []).map((value, i) => [`after${i}`, value]),
          ),
          limit: request.limit,
          offset: request.offset,
        }) as Promise<OrderPageRow[]>,
    ),
    options.withTotal === false
      ? Promise.resolve({ total: 0, totalIsEstimate: false, totalIsLowerBound: false })
      : countWithEstimate(db, {
          rows: () => db.select({ id: orders.id }).from(orders).where(where).$dynamic(),
          table: 'orders',
          filtered: where !== undefined,
          exactCountLimit: exactCountLimitOf(paging, searchPatterns(filters.q ?? '').length > 0),
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
  return orderPageQuery(db, orderListConditions(filters, viewer, now), keys, {
    after: undefined,
    orderBy: keys.map((key) => order(key.sql)),
    limit,
    offset: 0,
  }) as unknown as Promise<OrderListRow[]>;
}

/** Every order of one customer, newest first. */
export async function listOrdersOfCustomer(db: Database, customerId: string) {
  const rows = joinSummary(db.select(summaryColumns).from(orders).$dynamic())
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.receivedAt));
  return rows as unknown as Promise<OrderListRow[]>;
}
