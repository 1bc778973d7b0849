import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contractors } from '../contractors/contractors.schema';
import { jobTypes } from '../job-types/job-types.schema';
import { orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';
import { visits } from '../visits/visits.schema';

/** A kind of kit: a dish model, a router, a cable. Counted, or tracked one serial at a time. */
export const stockProducts = pgTable('stock_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  sku: text('sku').notNull().unique(),
  name: text('name').notNull(),
  /** dish, router, mount, pole, cable, adaptor, other (src/shared/stock). */
  category: text('category').notNull(),
  trackedBySerial: boolean('tracked_by_serial').notNull(),
  unitCostPence: integer('unit_cost_pence').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The kit a job type needs: product and quantity. */
export const stockJobTypeKit = pgTable(
  'stock_job_type_kit',
  {
    jobTypeId: uuid('job_type_id')
      .notNull()
      .references(() => jobTypes.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => stockProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobTypeId, table.productId] })],
);

/**
 * Where stock lives: a warehouse, a contractor company's depot (one each), an engineer's van
 * (one each). The company and engineer go to null if they are removed; the location and its
 * history stay.
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** warehouse, depot, van. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    contractorId: uuid('contractor_id').references(() => contractors.id, { onDelete: 'set null' }),
    engineerId: uuid('engineer_id').references(() => users.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stock_locations_one_depot')
      .on(table.contractorId)
      .where(sql`${table.kind} = 'depot'`),
    uniqueIndex('stock_locations_one_van')
      .on(table.engineerId)
      .where(sql`${table.kind} = 'van'`),
  ],
);

/** Below this many of a product at a location, stock is low. */
export const stockLowLevels = pgTable(
  'stock_low_levels',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => stockProducts.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.locationId] })],
);

/**
 * The ledger: every change to stock, appended and never changed. The database refuses UPDATE
 * and DELETE (trigger in drizzle/0014_stock.sql). `quantity` leaves `from` and arrives at `to`;
 * a receipt has no `from`, an install or a write-off no `to`, an allocation or a fault marking
 * the same location on both sides. Actor, order and visit are plain ids, not foreign keys, so
 * that removing the demo data (or a user) never needs to touch the ledger.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Keyset paging and the order of a serial's history. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    /** The movements made in one step (a transfer's lines, a stock take, a swap) share it. */
    batchId: uuid('batch_id').notNull(),
    kind: text('kind').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => stockProducts.id),
    quantity: integer('quantity').notNull(),
    fromLocationId: uuid('from_location_id').references(() => stockLocations.id),
    toLocationId: uuid('to_location_id').references(() => stockLocations.id),
    serialId: uuid('serial_id'),
    orderId: uuid('order_id'),
    visitId: uuid('visit_id'),
    supplier: text('supplier'),
    deliveryNote: text('delivery_note'),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('stock_movements_quantity_positive', sql`${table.quantity} > 0`),
    index('stock_movements_serial_idx').on(table.serialId, table.seq),
    index('stock_movements_from_idx').on(table.fromLocationId, table.seq),
    index('stock_movements_to_idx').on(table.toLocationId, table.seq),
    index('stock_movements_created_idx').on(table.createdAt),
  ],
);

/** What is at each location, kept in the same transaction as each movement (row-locked). */
export const stockLevels = pgTable(
  'stock_levels',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => stockProducts.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => stockLocations.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.locationId] }),
    index('stock_levels_location_idx').on(table.locationId),
    check('stock_levels_not_negative', sql`${table.quantity} >= 0`),
  ],
);

/** One serialised item: where it is and what state it is in, changed only with a movement. */
export const stockSerials = pgTable(
  'stock_serials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: text('serial').notNull().unique(),
    productId: uuid('product_id')
      .notNull()
      .references(() => stockProducts.id),
    /** in_stock, allocated, installed, returned, faulty, written_off. */
    status: text('status').notNull(),
    /** Null once installed at a customer's or written off. */
    locationId: uuid('location_id').references(() => stockLocations.id),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_serials_location_idx').on(table.locationId, table.productId),
    // The top bar's search: a serial's start, whatever its case (decision 079).
    index('stock_serials_serial_prefix_idx').on(sql`upper(${table.serial}) text_pattern_ops`),
  ],
);

/**
 * A serial the engineer app recorded on a visit, as stock took it when the visit completed: one
 * row per visit and serial (the key that makes a replay a no-op). `installed` when it left the
 * engineer's van with an install movement; `open` (a flag for back office) when it was not in
 * the van; `resolved` once back office has dealt with the flag.
 */
export const stockFieldSerials = pgTable(
  'stock_field_serials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    engineerId: uuid('engineer_id').references(() => users.id, { onDelete: 'set null' }),
    serial: text('serial').notNull(),
    /** What the engineer recorded it as: Dish, Router, or the label of another item. */
    label: text('label').notNull(),
    /** installed, open, resolved. */
    status: text('status').notNull(),
    /** Why it was flagged, in words ("Serial X is not at Van: Sam Penrose: it is …"). */
    problem: text('problem'),
    batchId: uuid('batch_id'),
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    resolvedByName: text('resolved_by_name'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stock_field_serials_visit_serial').on(table.visitId, table.serial),
    index('stock_field_serials_status_idx').on(table.status, table.createdAt),
    index('stock_field_serials_order_idx').on(table.orderId),
    index('stock_field_serials_serial_prefix_idx').on(sql`upper(${table.serial}) text_pattern_ops`),
  ],
);

/** Days the low-stock email went out: once a day, however often the job runs. */
export const stockLowStockEmails = pgTable('stock_low_stock_emails', {
  day: text('day').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
