import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role } from '@shared/roles';
import { contractors } from '../contractors/contractors.schema';

/** Case-insensitive text (the citext extension, loaded by migrate()). */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

export const userStatuses = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const twoFactorMethods = ['none', 'email'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Everyone who signs in: staff (back office, contractors, engineers) and customers. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: citext('email').notNull().unique(),
    /** Argon2id PHC string; null until the invited user sets a password. */
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull(),
    additionalRoles: text('additional_roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name'),
    /** UK mobile stored as +44…, used for SMS sign-in. */
    phone: text('phone'),
    /** The contractor company this user works for (the orders area adds the reference). */
    contractorId: uuid('contractor_id').references(() => contractors.id, { onDelete: 'set null' }),
    status: text('status').$type<UserStatus>().notNull().default('invited'),
    twoFactorMethod: text('two_factor_method').$type<TwoFactorMethod>().notNull().default('none'),
    profileImageUrl: text('profile_image_url'),
    /** Failed sign-ins in a row; five lock the account for 15 minutes. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_phone_unique')
      .on(table.phone)
      .where(sql`${table.phone} is not null`),
    index('users_contractor_idx').on(table.contractorId),
    index('users_role_idx').on(table.role),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
