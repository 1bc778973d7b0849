import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import { orders } from '../orders.schema';
import type { CustomerFormAnswers } from '@shared/customer-links/customer-form.contracts';
import type { OrderStatus } from '@shared/orders/order-status';
import {
  customerNameOf,
  customerOfOrder,
  jobTypeOfOrder,
  orderLineColumns,
} from './job-line.projection';

// The contractor's dashboard and reports. Every query here is scoped by the company's id: a
// contractor company is a tenant (issue 12). No query selects the partner price.

const summaryColumns = { orderId: orders.id, ...orderLineColumns };

async function countAndList(db: Database, where: SQL | undefined, limit: number) {
  const [items, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .innerJoin(customers, customerOfOrder)
      .innerJoin(jobTypes, jobTypeOfOrder)
      .where(where)
      .orderBy(asc(orders.slaDueAt), asc(orders.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return {
    count: Number(count?.n ?? 0),
    items: items.map(({ firstName, lastName, ...rest }) => ({
      ...rest,
      customerName: customerNameOf({ firstName, lastName }),
    })),
  };
}

/** Orders of the company in these statuses (and kit statuses, when given). */
export function ordersInStatus(
  db: Database,
  contractorId: string,
  statuses: OrderStatus[],
  limit: number,
  kitStatuses?: (typeof orders.kitStatus._.data)[],
) {
  return countAndList(
    db,
    and(
      eq(orders.contractorId, contractorId),
      inArray(orders.status, statuses),
      kitStatuses ? inArray(orders.kitStatus, kitStatuses) : undefined,
    ),
    limit,
  );
}

const offerWhere = (contractorId: string) =>
  and(
    eq(orders.contractorId, contractorId),
    eq(orders.status, 'validated'),
    isNull(orders.contractorAcceptedAt),
  );

/** Orders offered to the company and not yet accepted, oldest offer first. */
export async function offersOf(db: Database, contractorId: string, limit: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        jobTypeId: orders.jobTypeId,
        jobTypeName: jobTypes.name,
        postcode: customers.postcode,
        town: customers.town,
        requestedDate: orders.requestedDate,
        payoutPence: orders.payoutPence,
        offeredAt: orders.contractorOfferedAt,
        // The newest customer form submission's answers, if the customer has sent the form.
        answers: sql<CustomerFormAnswers | null>`(
          select s.answers from customer_form_submissions s
          where s.order_id = ${orders.id}
          order by s.submitted_at desc limit 1)`,
      })
      .from(orders)
      .innerJoin(customers, customerOfOrder)
      .innerJoin(jobTypes, jobTypeOfOrder)
      .where(offerWhere(contractorId))
      .orderBy(asc(orders.contractorOfferedAt), asc(orders.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(offerWhere(contractorId)),
  ]);
  return { count: Number(count?.n ?? 0), rows };
}

/**
 * Customers' reschedule requests (order events `reschedule_requested`) on the company's open
 * orders that no schedule or reschedule has answered since.
 */
export async function openRescheduleRequests(db: Database, contractorId: string, limit: number) {
  const result = (await db.execute(sql`
    select o.id as order_id, o.order_number, e.actor_name, e.created_at, e.data,
      (select v.scheduled_date from visits v
        where v.order_id = o.id and v.status in ('scheduled', 'in_progress')
        order by v.created_at desc limit 1) as visit_date
    from order_events e
    join orders o on o.id = e.order_id
    where o.contractor_id = ${contractorId}
      and e.type = 'reschedule_requested'
      and o.status in ('assigned', 'scheduled', 'revisit_required')
      and not exists (
        select 1 from order_events later
        where later.order_id = e.order_id
          and later.type in ('schedule', 'reschedule', 'reschedule_requested')
          and later.created_at > e.created_at)
    order by e.created_at asc
    limit ${limit}
  `)) as unknown as {
    rows: {
      order_id: string;
      order_number: string;
      actor_name: string;
      created_at: Date | string;
      data: { dates?: unknown; note?: unknown } | null;
      visit_date: string | null;
    }[];
  };
  return result.rows;
}

export type ReportRowRaw = {
  month: string;
  engineer_id: string;
  first_name: string;
  last_name: string;
  completed: number;
  failed: number;
  first_time_fixes: number;
  payout_pence: number;
};

/**
 * Visits of the company with an outcome, by engineer and London month of the outcome:
 * completed, failed, completed with no failed visit before it, and the completed orders' payout.
 */
export async function visitOutcomes(
  db: Database,
  contractorId: string,
  fromMonth: string,
  toMonth: string,
): Promise<ReportRowRaw[]> {
  const result = (await db.execute(sql`
    with outcome as (
      select v.id, v.order_id, v.engineer_id, v.outcome, v.created_at,
        to_char(coalesce(v.checked_out_at at time zone 'Europe/London', v.scheduled_date::timestamp),
          'YYYY-MM') as month
      from visits v
      where v.contractor_id = ${contractorId} and v.outcome in ('completed', 'failed')
    )
    select o.month, o.engineer_id, u.first_name, u.last_name,
      count(*) filter (where o.outcome = 'completed')::int as completed,
      count(*) filter (where o.outcome = 'failed')::int as failed,
      count(*) filter (where o.outcome = 'completed' and not exists (
        select 1 from visits earlier
        where earlier.order_id = o.order_id and earlier.id <> o.id
          and earlier.outcome = 'failed' and earlier.created_at < o.created_at))::int
        as first_time_fixes,
      coalesce(sum(ord.payout_pence) filter (where o.outcome = 'completed'), 0)::int as payout_pence
    from outcome o
    join users u on u.id = o.engineer_id
    join orders ord on ord.id = o.order_id
    where o.month between ${fromMonth} and ${toMonth}
    group by o.month, o.engineer_id, u.first_name, u.last_name
    order by o.month asc, u.first_name asc, u.last_name asc, o.engineer_id asc
  `)) as unknown as { rows: ReportRowRaw[] };
  return result.rows;
}
