import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { customerFormSubmissions, customerPhotos } from '../../db/schema/customer-journey';
import { customers } from '../../db/schema/customers';
import { jobTypes } from '../../db/schema/job-types';
import { orderEvents } from '../../db/schema/order-events';
import { orders } from '../../db/schema/orders';
import { partners } from '../../db/schema/partners';
import { users } from '../../db/schema/users';
import { visitPhotos, visits } from '../../db/schema/visits';

export type VisitRow = typeof visits.$inferSelect;
export type VisitPhotoRow = typeof visitPhotos.$inferSelect;

const engineer = alias(users, 'record_engineer');

/** Visits with their order number and status and the engineer's name. */
function selectVisitsWithOrder(db: Database) {
  return db
    .select({
      visit: visits,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      engineerFirstName: engineer.firstName,
      engineerLastName: engineer.lastName,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(engineer, eq(engineer.id, visits.engineerId));
}

export async function findVisitWithOrder(db: Database, visitId: string) {
  const [row] = await selectVisitsWithOrder(db).where(eq(visits.id, visitId)).limit(1);
  return row ?? null;
}
export type VisitWithOrder = NonNullable<Awaited<ReturnType<typeof findVisitWithOrder>>>;

export async function findVisitsWithOrderOfOrder(db: Database, orderId: string) {
  return selectVisitsWithOrder(db)
    .where(eq(visits.orderId, orderId))
    .orderBy(asc(visits.createdAt), asc(visits.id));
}

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

/** The engineer's visits in a date range, with what they need on site. */
export async function findEngineerVisits(
  db: Database,
  engineerId: string,
  from: string,
  to: string,
) {
  return db
    .select({
      visit: visits,
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        notes: orders.notes,
      },
      jobType: { code: jobTypes.code, name: jobTypes.name },
      customer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
        addressLine1: customers.addressLine1,
        addressLine2: customers.addressLine2,
        town: customers.town,
        county: customers.county,
        postcode: customers.postcode,
      },
      engineerFirstName: engineer.firstName,
      engineerLastName: engineer.lastName,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId))
    .innerJoin(engineer, eq(engineer.id, visits.engineerId))
    .where(
      and(
        eq(visits.engineerId, engineerId),
        gte(visits.scheduledDate, from),
        lte(visits.scheduledDate, to),
      ),
    )
    .orderBy(asc(visits.scheduledDate), asc(visits.slot), asc(visits.id));
}

/** The latest customer form answers of an order, and its customer photos' ids. */
export async function findCustomerForm(db: Database, orderId: string) {
  const [submission] = await db
    .select()
    .from(customerFormSubmissions)
    .where(eq(customerFormSubmissions.orderId, orderId))
    .orderBy(desc(customerFormSubmissions.submittedAt))
    .limit(1);
  if (!submission) return null;
  const photos = await db
    .select({ id: customerPhotos.id })
    .from(customerPhotos)
    .where(and(eq(customerPhotos.orderId, orderId), eq(customerPhotos.purpose, 'customer_form')))
    .orderBy(asc(customerPhotos.createdAt));
  const wanted = new Set(submission.answers.photoIds ?? []);
  return { submission, photoIds: photos.map((p) => p.id).filter((id) => wanted.has(id)) };
}

export async function findCustomerPhoto(db: Database, photoId: string) {
  const [row] = await db
    .select()
    .from(customerPhotos)
    .where(eq(customerPhotos.id, photoId))
    .limit(1);
  return row ?? null;
}

/** The serial the customer typed when the kit arrived, if any. */
export async function findKitArrivedSerial(db: Database, orderId: string) {
  const [row] = await db
    .select({ data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'confirm_kit_arrived')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  const serial = (row?.data as { serial?: unknown } | undefined)?.serial;
  return typeof serial === 'string' && serial.trim() ? serial.trim() : null;
}

/** The order with its customer, job type and partner, for the record pages. */
export async function findOrderForRecord(db: Database, where: { id?: string; number?: string }) {
  const [row] = await db
    .select({
      order: orders,
      customer: customers,
      jobTypeName: jobTypes.name,
      partnerName: partners.name,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(jobTypes, eq(jobTypes.id, orders.jobTypeId))
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(where.id ? eq(orders.id, where.id) : eq(orders.orderNumber, where.number ?? ''))
    .limit(1);
  return row ?? null;
}
export type OrderForRecord = NonNullable<Awaited<ReturnType<typeof findOrderForRecord>>>;
