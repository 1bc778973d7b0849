import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CustomerValidationStatus } from '@shared/orders/order-status';

/** Numbers the human-readable customer reference, CUS-000123. */
export const customerReferenceSeq = pgSequence('customer_reference_seq', { startWith: 1 });

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased. */
    email: text('email'),
    /** +44… */
    phone: text('phone'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    town: text('town').notNull(),
    county: text('county'),
    /** Normalised, `EX1 1AA`. */
    postcode: text('postcode').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    notes: text('notes'),
    /** No texts: no consent on the customer form, a STOP reply, or the provider's error 21610. */
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    emailOptOut: boolean('email_opt_out').notNull().default(false),
    validationStatus: text('validation_status')
      .$type<CustomerValidationStatus>()
      .notNull()
      .default('unvalidated'),
    rejectionReason: text('rejection_reason'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    validatedBy: uuid('validated_by'),
    /** Lower-case name, reference, email, phone and postcode: one trigram index serves search. */
    searchText: text('search_text').notNull().default(''),
    /** When their personal fields were replaced (issue 21, data protection); null while held. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customers_email_idx').on(table.email),
    index('customers_phone_idx').on(table.phone),
    index('customers_postcode_name_idx').on(table.postcode, sql`lower(${table.lastName})`),
    index('customers_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // The list's keyset pages, newest first by (created_at, id) (decision 085).
    index('customers_created_idx').on(table.createdAt, table.id),
    // The top bar's search (decision 079): prefixes of the surname, the full name, the postcode
    // without its space and the email.
    index('customers_last_name_prefix_idx').on(sql`lower(${table.lastName}) text_pattern_ops`),
    index('customers_full_name_prefix_idx').on(
      sql`lower(${table.firstName} || ' ' || ${table.lastName}) text_pattern_ops`,
    ),
    index('customers_postcode_prefix_idx').on(
      sql`replace(${table.postcode}, ' ', '') text_pattern_ops`,
    ),
    index('customers_email_prefix_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    // The top bar's contains-match on the name ("mith" finds Smith; decision 086).
    index('customers_full_name_trgm_idx').using(
      'gin',
      sql`lower(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
  ],
);
