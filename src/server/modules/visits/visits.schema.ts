import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FailureReason, VisitSlot, VisitStatus } from '@shared/orders/order-status';
import type { Commissioning, PhotoCategory, Survey } from '@shared/visits/visit-record';
import { contractors } from '../contractors/contractors.schema';
import { orders } from '../orders/orders.schema';
import { users } from '../users/users.schema';

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
    // The engineer app's record (issue 13); each step is null until it arrives.
    checkInAccuracyM: doublePrecision('check_in_accuracy_m'),
    /** Checked in on another UK day than the booked one: why (issue 24). */
    checkInOffDayReason: text('check_in_off_day_reason'),
    survey: jsonb('survey').$type<Survey>(),
    otherSerials: jsonb('other_serials').$type<{ label: string; serial: string }[]>(),
    serialMismatchReason: text('serial_mismatch_reason'),
    serialsSavedAt: timestamp('serials_saved_at', { withTimezone: true }),
    commissioning: jsonb('commissioning').$type<Commissioning & { breaches: string[] }>(),
    /** The storage key of the signature PNG. */
    signatureKey: text('signature_key'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('visits_order_idx').on(table.orderId),
    index('visits_engineer_date_idx').on(table.engineerId, table.scheduledDate),
    // The top bar's search through an engineer's open visits' serials (decision 086): the open
    // visits, and their serials as the search reads them (JSON text), by trigram.
    index('visits_open_engineer_date_idx')
      .on(table.engineerId, table.scheduledDate)
      .where(sql`${table.status} in ('scheduled', 'in_progress')`),
    index('visits_open_serials_trgm_idx')
      .using(
        'gin',
        sql`(upper(${table.serials}::text || coalesce(${table.otherSerials}::text, ''))) gin_trgm_ops`,
      )
      .where(sql`${table.status} in ('scheduled', 'in_progress')`),
    index('visits_contractor_date_idx').on(table.contractorId, table.scheduledDate),
    index('visits_date_idx').on(table.scheduledDate),
  ],
);

/** A photo of a visit; the id is made on the device, so the same upload twice is one photo. */
export const visitPhotos = pgTable(
  'visit_photos',
  {
    id: uuid('id').primaryKey(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    category: text('category').$type<PhotoCategory>().notNull(),
    /** The served file (metadata stripped) and its thumbnail, in the storage adapter. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    originalBytes: integer('original_bytes'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** sha256 (hex) of the bytes the device sent. */
    sha256: text('sha256').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('visit_photos_visit_idx').on(table.visitId, table.category)],
);
