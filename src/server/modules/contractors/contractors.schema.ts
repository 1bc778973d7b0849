import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobTypes } from '../job-types/job-types.schema';

/** A contractor company; its engineers are users with its contractor_id. */
export const contractors = pgTable('contractors', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  companyNumber: text('company_number'),
  vatNumber: text('vat_number'),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  town: text('town'),
  county: text('county'),
  postcode: text('postcode'),
  /** Postcode areas (`EX`) and districts (`PL12`) it covers. */
  coverageAreas: text('coverage_areas')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a contractor is paid per job type, when it differs from the job type's default. */
export const contractorRates = pgTable(
  'contractor_rates',
  {
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    jobTypeId: uuid('job_type_id')
      .notNull()
      .references(() => jobTypes.id, { onDelete: 'cascade' }),
    payoutPence: integer('payout_pence').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractorId, table.jobTypeId] })],
);
