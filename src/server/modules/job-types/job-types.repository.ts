import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobTypes } from '../../db/schema/job-types';
import type { JobType } from '@shared/orders/job-types.contracts';

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
