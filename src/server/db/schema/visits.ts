import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FailureReason, VisitSlot, VisitStatus } from '@shared/orders/order-status';
import { contractors } from './contractors';
import { orders } from './orders';
import { users } from './users';

/** One trip by an engineer to an order's address; the engineer app fills in the record. */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => contractors.id),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id),
    scheduledDate: date('scheduled_date', { mode: 'string' }).notNull(),
    slot: text('slot').$type<VisitSlot>().notNull(),
    status: text('status').$type<VisitStatus>().notNull().default('scheduled'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkInLatitude: text('check_in_latitude'),
    checkInLongitude: text('check_in_longitude'),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    outcome: text('outcome').$type<'completed' | 'failed'>(),
    failureReason: text('failure_reason').$type<FailureReason>(),
    outcomeNotes: text('outcome_notes'),
    customerSignOffName: text('customer_sign_off_name'),
    serials: jsonb('serials')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Back office scheduled before the kit arrived: why. */
    kitOverrideReason: text('kit_override_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('visits_order_idx').on(table.orderId),
    index('visits_engineer_date_idx').on(table.engineerId, table.scheduledDate),
    index('visits_contractor_date_idx').on(table.contractorId, table.scheduledDate),
    index('visits_date_idx').on(table.scheduledDate),
  ],
);
