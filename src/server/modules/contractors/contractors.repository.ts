import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractorRates, contractors } from './contractors.schema';
import type { Contractor } from '@shared/contractors/contractors.contracts';

export type ContractorRow = typeof contractors.$inferSelect;

// Raw SQL: drizzle may leave the outer column unqualified inside a subquery.
const engineerCount = sql<number>`(select count(*)::int from users u2 where u2.contractor_id = "contractors"."id" and (u2.role = 'engineer' or 'engineer' = any(u2.additional_roles)))`;
const openOrderCount = sql<number>`(select count(*)::int from orders o2 where o2.contractor_id = "contractors"."id" and o2.status not in ('completed', 'closed', 'cancelled'))`;

export function toContractor(
  row: ContractorRow,
  rates: Contractor['rates'],
  counts: { engineerCount: number; openOrderCount: number },
): Contractor {
  return {
    id: row.id,
    name: row.name,
    companyNumber: row.companyNumber,
    vatNumber: row.vatNumber,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    address:
      row.addressLine1 && row.town && row.postcode
        ? {
            line1: row.addressLine1,
            line2: row.addressLine2,
            town: row.town,
            county: row.county,
            postcode: row.postcode,
          }
        : null,
    coverageAreas: row.coverageAreas,
    active: row.active,
    rates,
    engineerCount: Number(counts.engineerCount),
    openOrderCount: Number(counts.openOrderCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The contractors with their engineer and open order counts, by name. */
export async function listContractorRows(
  db: Database,
  filter: { q?: string; active?: boolean; ids?: string[] },
) {
  const conditions = [];
  if (filter.active !== undefined) conditions.push(eq(contractors.active, filter.active));
  if (filter.q)
    conditions.push(
      sql`${contractors.name} ilike ${`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  if (filter.ids) conditions.push(inArray(contractors.id, filter.ids));
  return db
    .select({ contractor: contractors, engineerCount, openOrderCount })
    .from(contractors)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(contractors.name));
}

/** The contractors' own rates. */
export async function listRateRows(db: Database, contractorIds: string[]) {
  return db
    .select({
      contractorId: contractorRates.contractorId,
      jobTypeId: contractorRates.jobTypeId,
      payoutPence: contractorRates.payoutPence,
    })
    .from(contractorRates)
    .where(inArray(contractorRates.contractorId, contractorIds));
}

export async function insertContractor(tx: Database, values: typeof contractors.$inferInsert) {
  const [row] = await tx.insert(contractors).values(values).returning();
  return row!;
}

export async function updateContractorRow(
  tx: Database,
  id: string,
  values: Partial<ContractorRow>,
) {
  const [row] = await tx
    .update(contractors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contractors.id, id))
    .returning();
  return row ?? null;
}

export async function replaceRates(
  tx: Database,
  contractorId: string,
  rates: { jobTypeId: string; payoutPence: number }[],
) {
  await tx.delete(contractorRates).where(eq(contractorRates.contractorId, contractorId));
  if (rates.length > 0) {
    await tx.insert(contractorRates).values(rates.map((rate) => ({ contractorId, ...rate })));
  }
}

/** The contractor's row as stored (no rates, no engineers). */
export async function findContractorRow(db: Database, id: string): Promise<ContractorRow | null> {
  const [row] = await db.select().from(contractors).where(eq(contractors.id, id));
  return row ?? null;
}

/** The contractor's payout for a job type, when they have their own rate. */
export async function findContractorRate(db: Database, contractorId: string, jobTypeId: string) {
  const [rate] = await db
    .select()
    .from(contractorRates)
    .where(
      and(eq(contractorRates.contractorId, contractorId), eq(contractorRates.jobTypeId, jobTypeId)),
    );
  return rate ?? null;
}

/** How many users, orders and visits point at the contractor. */
export async function contractorReferenceCounts(tx: Database, id: string) {
  const [refs] = await tx
    .select({
      users: sql<number>`(select count(*)::int from users where contractor_id = ${id})`,
      orders: sql<number>`(select count(*)::int from orders where contractor_id = ${id})`,
      visits: sql<number>`(select count(*)::int from visits where contractor_id = ${id})`,
    })
    .from(contractors)
    .where(eq(contractors.id, id));
  return refs ?? null;
}

export async function deleteContractorRow(tx: Database, id: string) {
  await tx.delete(contractors).where(eq(contractors.id, id));
}
