import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users';
import { normaliseUkMobile } from '@shared/uk-mobile';
import type { listUsersQuerySchema } from '@shared/users/users.contracts';
import type { z } from 'zod';

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  // citext: the comparison ignores case.
  const rows = await db.select().from(users).where(eq(users.email, email.trim())).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0] ?? null;
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<NewUserRow>,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

const like = (value: string) => `%${value.replace(/[%_\\]/g, '\\$&')}%`;

/** A page of users by role, status, contractor and a search over name, email and phone. */
export async function listUserRows(db: Database, query: z.output<typeof listUsersQuerySchema>) {
  const conditions: SQL[] = [];
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.contractorId) conditions.push(eq(users.contractorId, query.contractorId));
  if (query.search) {
    const term = query.search;
    const phone = normaliseUkMobile(term);
    const digits = term.replace(/\D/g, '');
    const matches: SQL[] = [
      ilike(users.email, like(term)),
      ilike(users.firstName, like(term)),
      ilike(users.lastName, like(term)),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like(term)),
    ];
    if (phone) matches.push(eq(users.phone, phone));
    // A partial number typed as 07700… matches the stored +447700…
    if (digits.length >= 4) {
      matches.push(ilike(users.phone, like(digits.startsWith('0') ? digits.slice(1) : digits)));
    }
    conditions.push(or(...matches)!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows, total: total?.value ?? 0 };
}
