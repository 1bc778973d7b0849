import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { KitStatus, OrderStatus } from '@shared/orders/order-status';
import { contractors } from '../contractors/contractors.schema';
import { customers } from '../customers/customers.schema';
import { jobTypes } from '../job-types/job-types.schema';
import { partners } from '../partners/partners.schema';
import { users } from '../users/users.schema';

/** Numbers orders: UPL-YYYY-NNNNNN(-XXXX) takes its digits from here (decision 051). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    partnerReference: text('partner_reference'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    jobTypeId: uuid('job_type_id')
      .notNull()
      .references(() => jobTypes.id),
    pricePence: integer('price_pence').notNull(),
    payoutPence: integer('payout_pence').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('received'),
    kitStatus: text('kit_status').$type<KitStatus>().notNull().default('awaiting_dispatch'),
    /** The status it left when put on hold; resume returns there. */
    holdFromStatus: text('hold_from_status').$type<OrderStatus>(),
    courier: text('courier'),
    trackingNumber: text('tracking_number'),
    kitDispatchedAt: timestamp('kit_dispatched_at', { withTimezone: true }),
    kitArrivedAt: timestamp('kit_arrived_at', { withTimezone: true }),
    contractorId: uuid('contractor_id').references(() => contractors.id),
    contractorOfferedAt: timestamp('contractor_offered_at', { withTimezone: true }),
    contractorAcceptedAt: timestamp('contractor_accepted_at', { withTimezone: true }),
    requestedDate: date('requested_date', { mode: 'string' }),
    notes: text('notes'),
    slaTargetDays: integer('sla_target_days').notNull(),
    slaAtRiskAt: timestamp('sla_at_risk_at', { withTimezone: true }).notNull(),
    slaDueAt: timestamp('sla_due_at', { withTimezone: true }).notNull(),
    /** Completion or cancellation: the SLA clock stops here. */
    slaStoppedAt: timestamp('sla_stopped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /** Bumped by every change (optimistic checks; the row lock does the real work). */
    version: integer('version').notNull().default(1),
    /**
     * Lower-case order number, partner reference and the customer's name, postcode, email and
     * phone: one trigram index serves the list's search (docs/decisions, search indexing).
     */
    searchText: text('search_text').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_partner_reference_unique')
      .on(table.partnerId, table.partnerReference)
      .where(sql`${table.partnerReference} is not null`),
    // The list's keyset pages (decision 085): each sort's key is (column, id), under the
    // filters most used on their own (status, kit status, partner, contractor) as well.
    index('orders_received_idx').on(table.receivedAt, table.id),
    index('orders_status_received_idx').on(table.status, table.receivedAt, table.id),
    index('orders_kit_status_idx').on(table.kitStatus, table.receivedAt, table.id),
    index('orders_partner_idx').on(table.partnerId, table.receivedAt, table.id),
    index('orders_status_id_idx').on(table.status, table.id),
    index('orders_requested_idx').on(
      sql`coalesce(${table.requestedDate}, 'infinity'::date)`,
      table.id,
    ),
    index('orders_updated_idx').on(table.updatedAt, table.id),
    // The partner API's list pages by (created_at, id), newest first (issue 14).
    index('orders_partner_created_idx').on(
      table.partnerId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('orders_contractor_idx').on(table.contractorId, table.receivedAt, table.id),
    index('orders_job_type_idx').on(table.jobTypeId),
    index('orders_customer_idx').on(table.customerId),
    index('orders_sla_due_idx').on(table.slaDueAt, table.id),
    index('orders_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // The top bar's search (decision 079): prefixes of the number and the partner's reference,
    // and the number's sequence digits exactly (`123` finds UPL-2026-000123-K7QF).
    index('orders_number_prefix_idx').on(table.orderNumber.op('text_pattern_ops')),
    index('orders_number_sequence_idx').on(sql`split_part(${table.orderNumber}, '-', 3)`),
    index('orders_partner_reference_prefix_idx').on(
      sql`lower(${table.partnerReference}) text_pattern_ops`,
    ),
  ],
);
