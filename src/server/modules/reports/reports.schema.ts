import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderEvents } from '../orders/order-events.schema';

/**
 * Issue 22 (decision 077): what each counted order event adds to a report, worked out once when
 * the event is written (a trigger on order_events, in the event's own transaction; migration
 * 0021 backfilled the events before it), so the reports group these rows instead of reading
 * every event with its order and visit. An event counted by both reports (a completion, a failed
 * visit) has one row for each.
 */
export const reportFacts = pgTable(
  'report_facts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    /** 'contractor' or 'partner'. */
    report: text('report').notNull(),
    /** The contractor or partner the fact counts for (null: it counts for none). */
    ownerId: uuid('owner_id'),
    /** The event's type: assign, accept, decline, complete, fail, created, cancel. */
    kind: text('kind').notNull(),
    /** A decline's or failed visit's reason. */
    reason: text('reason'),
    /** The event's day on the UK calendar. */
    day: date('day', { mode: 'string' }).notNull(),
    /** contractor: completed on the first visit; partner: installed within the SLA. */
    hit: boolean('hit').notNull(),
    /** A completion's days from the offer (contractor) or from receipt (partner). */
    days: doublePrecision('days'),
    /** A completion's payout in pence (contractor) or serials installed (partner). */
    amount: bigint('amount', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.report] }),
    index('report_facts_day_idx').on(table.report, table.day),
  ],
);
