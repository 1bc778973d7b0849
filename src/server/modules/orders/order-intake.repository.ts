import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// Partner order intake (issue 23, decision 088): an order from the partner API in two
// statements, where createOrder runs eleven. The first reads what the order needs (the partner,
// the job type by its code, the SLA setting) and draws the order's and the customer's sequence
// numbers; the second writes the customer, the order, its `created` event and that event's
// outbox row in one statement, so they commit together without an explicit transaction. Every
// value is worked out in JavaScript by the same functions createOrder uses; the SQL only stores
// them.

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export type IntakeContext = {
  partnerActive: boolean;
  partnerSlaDays: number | null;
  slaSetting: unknown;
  jobType: {
    id: string;
    code: string;
    name: string;
    active: boolean;
    pricePence: number;
    payoutPence: number;
  } | null;
  /** Drawn only when the partner and the job type are both active. */
  sequences: { order: number; customer: number } | null;
};

/** What an order of this partner with this job type code needs; null: no such partner. */
export async function readIntakeContext(
  db: Database,
  partnerId: string,
  jobTypeCode: string,
  slaSettingKey: string,
): Promise<IntakeContext | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select p.active as partner_active, p.sla_target_days as partner_sla_days,
             (select s.value from settings s where s.key = ${slaSettingKey}) as sla_setting,
             jt.id as job_type_id, jt.code as job_type_code, jt.name as job_type_name,
             jt.active as job_type_active, jt.default_price_pence, jt.default_payout_pence,
             case when p.active and jt.active then nextval('order_number_seq')::text end as order_sequence,
             case when p.active and jt.active then nextval('customer_reference_seq')::text end as customer_sequence
        from partners p
        left join job_types jt on upper(jt.code) = upper(${jobTypeCode})
       where p.id = ${partnerId}
       limit 1`),
  );
  const row = rows[0];
  if (!row) return null;
  // PGlite answers the jsonb value parsed, node-postgres too; a bare string stays a string.
  return {
    partnerActive: row.partner_active === true,
    partnerSlaDays: row.partner_sla_days === null ? null : Number(row.partner_sla_days),
    slaSetting: row.sla_setting ?? null,
    jobType: row.job_type_id
      ? {
          id: String(row.job_type_id),
          code: String(row.job_type_code),
          name: String(row.job_type_name),
          active: row.job_type_active === true,
          pricePence: Number(row.default_price_pence),
          payoutPence: Number(row.default_payout_pence),
        }
      : null,
    sequences:
      row.order_sequence == null
        ? null
        : { order: Number(row.order_sequence), customer: Number(row.customer_sequence) },
  };
}

export type IntakeRows = {
  customer: {
    id: string;
    reference: string;
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    addressLine1: string;
    addressLine2: string | null;
    town: string;
    county: string | null;
    postcode: string;
    searchText: string;
  };
  order: {
    id: string;
    orderNumber: string;
    partnerId: string;
    partnerReference: string;
    jobTypeId: string;
    pricePence: number;
    payoutPence: number;
    kitStatus: string;
    requestedDate: string | null;
    notes: string | null;
    slaTargetDays: number;
    slaAtRiskAt: Date;
    slaDueAt: Date;
    searchText: string;
  };
  event: {
    id: string;
    actorRole: string;
    actorName: string;
    toKitStatus: string;
    data: Record<string, unknown>;
  };
  outbox: { type: string; aggregateType: string; data: Record<string, unknown> };
  now: Date;
};

/** The customer, the order, its created event and the event's outbox row: one statement. */
export async function insertIntakeRows(db: Database, rows: IntakeRows): Promise<void> {
  const { customer: c, order: o, event: e, outbox, now } = rows;
  const at = now.toISOString();
  await db.execute(sql`
    with new_customer as (
      insert into customers (id, reference, first_name, last_name, email, phone, address_line1,
                             address_line2, town, county, postcode, search_text, created_at,
                             updated_at)
      values (${c.id}, ${c.reference}, ${c.firstName}, ${c.lastName}, ${c.email}, ${c.phone},
              ${c.addressLine1}, ${c.addressLine2}, ${c.town}, ${c.county}, ${c.postcode},
              ${c.searchText}, ${at}, ${at})),
    new_order as (
      insert into orders (id, order_number, partner_id, partner_reference, customer_id,
                          job_type_id, price_pence, payout_pence, status, kit_status,
                          requested_date, notes, sla_target_days, sla_at_risk_at, sla_due_at,
                          received_at, search_text, created_at, updated_at)
      values (${o.id}, ${o.orderNumber}, ${o.partnerId}, ${o.partnerReference}, ${c.id},
              ${o.jobTypeId}, ${o.pricePence}, ${o.payoutPence}, 'received', ${o.kitStatus},
              ${o.requestedDate}, ${o.notes}, ${o.slaTargetDays}, ${o.slaAtRiskAt.toISOString()},
              ${o.slaDueAt.toISOString()}, ${at}, ${o.searchText}, ${at}, ${at})),
    new_event as (
      insert into order_events (id, order_id, type, actor_role, actor_name, to_status,
                                to_kit_status, data, created_at)
      values (${e.id}, ${o.id}, 'created', ${e.actorRole}, ${e.actorName}, 'received',
              ${e.toKitStatus}, ${JSON.stringify(e.data)}::jsonb, ${at}))
    insert into domain_events (id, type, aggregate_type, aggregate_id, data, occurred_at)
    values (${e.id}, ${outbox.type}, ${outbox.aggregateType}, ${o.id},
            ${JSON.stringify(outbox.data)}::jsonb, ${at})`);
}
