import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobTypes } from './job-types.schema';
import type { JobType } from '@shared/job-types/job-types.contracts';

export type JobTypeRow = typeof jobTypes.$inferSelect;

export function toJobType(row: JobTypeRow): JobType {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    defaultPricePence: row.defaultPricePence,
    defaultPayoutPence: row.defaultPayoutPence,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listJobTypes(db: Database) {
  const rows = await db.select().from(jobTypes).orderBy(asc(jobTypes.name));
  return rows.map(toJobType);
}

export async function findJobType(db: Database, id: string) {
  const [row] = await db.select().from(jobTypes).where(eq(jobTypes.id, id));
  return row ? toJobType(row) : null;
}

export async function insertJobType(db: Database, values: typeof jobTypes.$inferInsert) {
  const [row] = await db.insert(jobTypes).values(values).returning();
  return toJobType(row!);
}

export async function updateJobType(db: Database, id: string, values: Partial<JobTypeRow>) {
  const [row] = await db
    .update(jobTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(jobTypes.id, id))
    .returning();
  return row ? toJobType(row) : null;
}

export async function deleteJobType(db: Database, id: string) {
  const rows = await db.delete(jobTypes).where(eq(jobTypes.id, id)).returning({ id: jobTypes.id });
  return rows.length > 0;
}

/** The job type's row as stored. */
export async function findJobTypeRow(db: Database, id: string): Promise<JobTypeRow | null> {
  const [row] = await db.select().from(jobTypes).where(eq(jobTypes.id, id));
  return row ?? null;
}

/** The job type with this code, whatever its case (the partner API names job types by code). */
export async function findJobTypeByCodeRow(db: Database, code: string) {
  const [row] = await db
    .select({ id: jobTypes.id, active: jobTypes.active })
    .from(jobTypes)
    .where(sql`upper(${jobTypes.code}) = upper(${code})`);
  return row;
}

/** The codes of the active job types, in code order (what a partner may send). */
export async function findActiveJobTypeCodes(db: Database): Promise<string[]> {
  const rows = await db
    .select({ code: jobTypes.code })
    .from(jobTypes)
    .where(eq(jobTypes.active, true))
    .orderBy(asc(jobTypes.code));
  return rows.map((row) => row.code);
}

/** The names of those of these job types that exist, in name order. */
export async function findJobTypeNames(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: jobTypes.id, name: jobTypes.name })
    .from(jobTypes)
    .where(inArray(jobTypes.id, ids))
    .orderBy(asc(jobTypes.name));
}
