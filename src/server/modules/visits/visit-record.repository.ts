import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visitPhotos, visits } from './visits.schema';

export type VisitRow = typeof visits.$inferSelect;
export type VisitPhotoRow = typeof visitPhotos.$inferSelect;

export async function updateVisitRecord(db: Database, visitId: string, values: Partial<VisitRow>) {
  await db.update(visits).set(values).where(eq(visits.id, visitId));
}

export async function findPhotosOfVisits(db: Database, visitIds: string[]) {
  if (visitIds.length === 0) return [];
  const rows = await db
    .select()
    .from(visitPhotos)
    .where(inArray(visitPhotos.visitId, visitIds))
    .orderBy(asc(visitPhotos.takenAt), asc(visitPhotos.id));
  return rows;
}

/** The categories a visit has at least one photo in. */
export async function findPhotoCategoriesOfVisit(db: Database, visitId: string) {
  const rows = await db
    .selectDistinct({ category: visitPhotos.category })
    .from(visitPhotos)
    .where(eq(visitPhotos.visitId, visitId));
  return rows.map((row) => row.category);
}

export async function findPhoto(db: Database, photoId: string) {
  const [row] = await db.select().from(visitPhotos).where(eq(visitPhotos.id, photoId)).limit(1);
  return row ?? null;
}

export async function countPhotosOfVisit(db: Database, visitId: string) {
  const rows = await db
    .select({ id: visitPhotos.id })
    .from(visitPhotos)
    .where(eq(visitPhotos.visitId, visitId));
  return rows.length;
}

/** Inserts the photo unless its id exists; answers whether this call inserted it. */
export async function insertPhoto(db: Database, values: typeof visitPhotos.$inferInsert) {
  const inserted = await db
    .insert(visitPhotos)
    .values(values)
    .onConflictDoNothing({ target: visitPhotos.id })
    .returning({ id: visitPhotos.id });
  return inserted.length > 0;
}

export async function deletePhotoRow(db: Database, photoId: string) {
  await db.delete(visitPhotos).where(eq(visitPhotos.id, photoId));
}
