import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partners } from './partners.schema';
import type { Partner } from '@shared/partners/partners.contracts';

export type PartnerRow = typeof partners.$inferSelect;

// Raw SQL: drizzle may leave the outer column unqualified inside a subquery.
const orderCount = sql<number>`(select count(*)::int from orders o2 where o2.partner_id = "partners"."id")`;

export function toPartner(row: PartnerRow, count: number): Partner {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    slaTargetDays: row.slaTargetDays,
    active: row.active,
    orderCount: Number(count),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPartners(db: Database) {
  const rows = await db
    .select({ partner: partners, orderCount })
    .from(partners)
    .orderBy(asc(partners.name));
  return rows.map((r) => toPartner(r.partner, r.orderCount));
}

export async function findPartner(db: Database, id: string) {
  const rows = await db
    .select({ partner: partners, orderCount })
    .from(partners)
    .where(eq(partners.id, id));
  const row = rows[0];
  return row ? toPartner(row.partner, row.orderCount) : null;
}

export async function insertPartner(db: Database, values: typeof partners.$inferInsert) {
  const [row] = await db.insert(partners).values(values).returning();
  return row!;
}

export async function updatePartner(db: Database, id: string, values: Partial<PartnerRow>) {
  const [row] = await db
    .update(partners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(partners.id, id))
    .returning();
  return row ?? null;
}

export async function deletePartner(db: Database, id: string) {
  const rows = await db.delete(partners).where(eq(partners.id, id)).returning({ id: partners.id });
  return rows.length > 0;
}

/** The partner's row as stored (no order count). */
export async function findPartnerRow(db: Database, id: string): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id));
  return row ?? null;
}

/** The name and active flag of the partners with these ids, ordered by name. */
export async function findPartnerNameRows(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: partners.id, name: partners.name, active: partners.active })
    .from(partners)
    .where(inArray(partners.id, ids))
    .orderBy(asc(partners.name));
}
