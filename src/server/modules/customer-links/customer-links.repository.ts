import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import {
  customerFormSubmissions,
  customerPhotos,
  portalProofFailures,
} from './customer-links.schema';
import type { CustomerFormAnswers } from '@shared/customer-links/customer-form.contracts';

export async function insertSubmission(
  tx: Database,
  values: { orderId: string; linkId: string; answers: CustomerFormAnswers; submittedAt: Date },
) {
  const [row] = await tx
    .insert(customerFormSubmissions)
    .values(values)
    .returning({ id: customerFormSubmissions.id });
  return row!.id;
}

export async function findSubmissionOfLink(db: Database, linkId: string) {
  const [row] = await db
    .select()
    .from(customerFormSubmissions)
    .where(eq(customerFormSubmissions.linkId, linkId))
    .limit(1);
  return row ?? null;
}

export async function insertPhoto(tx: Database, values: typeof customerPhotos.$inferInsert) {
  const [row] = await tx.insert(customerPhotos).values(values).returning({ id: customerPhotos.id });
  return row!.id;
}

export async function countPhotosOfOrder(db: Database, ids: string[], orderId: string) {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: customerPhotos.id })
    .from(customerPhotos)
    .where(eq(customerPhotos.orderId, orderId));
  const own = new Set(rows.map((r) => r.id));
  return ids.filter((id) => own.has(id)).length;
}

/** The photos a link has taken so far, and their stored bytes. */
export async function photoUsageOfLink(db: Database, linkId: string) {
  const [row] = await db
    .select({ photos: count(), bytes: sql<string>`coalesce(sum(${customerPhotos.bytes}), 0)` })
    .from(customerPhotos)
    .where(eq(customerPhotos.linkId, linkId));
  return { photos: row?.photos ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * Marks the order's photos as sent with a form; answers how many it marked. A photo the
 * clean-up deleted meanwhile is not marked, so the caller can refuse the form.
 */
export async function attachPhotos(tx: Database, orderId: string, ids: string[], at: Date) {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(customerPhotos)
    .set({ attachedAt: at })
    .where(and(eq(customerPhotos.orderId, orderId), inArray(customerPhotos.id, ids)))
    .returning({ id: customerPhotos.id });
  return rows.length;
}

/** Deletes photos no sent form took that were uploaded before `cutoff`; answers their files. */
export async function deleteUnattachedPhotosBefore(db: Database, cutoff: Date) {
  return db
    .delete(customerPhotos)
    .where(and(isNull(customerPhotos.attachedAt), lt(customerPhotos.createdAt, cutoff)))
    .returning({ id: customerPhotos.id, storageKey: customerPhotos.storageKey });
}

export async function recordProofFailure(
  db: Database,
  orderNumber: string,
  ipAddress: string,
  at: Date,
) {
  await db.insert(portalProofFailures).values({ orderNumber, ipAddress, at });
}

export async function countProofFailuresSince(db: Database, orderNumber: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(portalProofFailures)
    .where(
      and(eq(portalProofFailures.orderNumber, orderNumber), gte(portalProofFailures.at, since)),
    );
  return row?.n ?? 0;
}

// Every order detail reads it (most orders have none): prepared once per handle.
const latestSubmissionStatement = preparedPerHandle((db) =>
  db
    .select()
    .from(customerFormSubmissions)
    .where(eq(customerFormSubmissions.orderId, sql.placeholder('orderId')))
    .orderBy(desc(customerFormSubmissions.submittedAt))
    .limit(1)
    .prepare('latest_form_of_order'),
);

/** The latest customer form answers of an order, and its customer photos' ids. */
export async function findLatestFormOfOrder(db: Database, orderId: string) {
  const [submission] = await latestSubmissionStatement(db).execute({ orderId });
  if (!submission) return null;
  const photos = await db
    .select({ id: customerPhotos.id })
    .from(customerPhotos)
    .where(and(eq(customerPhotos.orderId, orderId), eq(customerPhotos.purpose, 'customer_form')))
    .orderBy(asc(customerPhotos.createdAt));
  const wanted = new Set(submission.answers.photoIds ?? []);
  return { submission, photoIds: photos.map((p) => p.id).filter((id) => wanted.has(id)) };
}

/** The latest form of each of the orders (those without one are left out), as above. */
export async function findLatestFormsOfOrders(db: Database, orderIds: readonly string[]) {
  const found = new Map<
    string,
    { submission: typeof customerFormSubmissions.$inferSelect; photoIds: string[] }
  >();
  if (orderIds.length === 0) return found;
  const submissions = await db
    .select()
    .from(customerFormSubmissions)
    .where(inArray(customerFormSubmissions.orderId, [...orderIds]))
    .orderBy(desc(customerFormSubmissions.submittedAt));
  for (const submission of submissions) {
    if (!found.has(submission.orderId)) found.set(submission.orderId, { submission, photoIds: [] });
  }
  const wanted = new Set([...found.values()].flatMap((f) => f.submission.answers.photoIds ?? []));
  if (wanted.size === 0) return found;
  const photos = await db
    .select({ id: customerPhotos.id, orderId: customerPhotos.orderId })
    .from(customerPhotos)
    .where(
      and(
        inArray(customerPhotos.orderId, [...found.keys()]),
        eq(customerPhotos.purpose, 'customer_form'),
      ),
    )
    .orderBy(asc(customerPhotos.createdAt));
  for (const photo of photos) {
    const form = found.get(photo.orderId);
    if (form && (form.submission.answers.photoIds ?? []).includes(photo.id)) {
      form.photoIds.push(photo.id);
    }
  }
  return found;
}

export async function findPhoto(db: Database, photoId: string) {
  const [row] = await db
    .select()
    .from(customerPhotos)
    .where(eq(customerPhotos.id, photoId))
    .limit(1);
  return row ?? null;
}
