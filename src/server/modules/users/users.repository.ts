import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users';

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
