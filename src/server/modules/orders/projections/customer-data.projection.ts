import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  customerFormSubmissions,
  customerPhotos,
} from '../../customer-links/customer-links.schema';
import { customers } from '../../customers/customers.schema';
import { messages } from '../../messages/messages.schema';
import { visitPhotos, visits } from '../../visits/visits.schema';
import { orderEvents } from '../order-events.schema';
import { orders } from '../orders.schema';

// Everything held about one customer across the areas, for their data export and anonymisation
// (issue 21, data protection; decision 067). Reads only: each area changes its own rows.

/** Statuses an order finishes in; any other is still open. */
export const finishedOrderStatuses = ['closed', 'cancelled'] as const;

export async function listCustomerOrderRows(db: Database, customerId: string) {
  return db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.receivedAt), asc(orders.id));
}

/** Every stored file about the customer's orders: their photos, visit photos, signatures. */
export type CustomerFile = { key: string; kind: 'customer-photo' | 'visit-photo' | 'signature' };

export async function findCustomerData(db: Database, customerId: string) {
  const orderRows = await listCustomerOrderRows(db, customerId);
  const orderIds = orderRows.map((order) => order.id);
  if (orderIds.length === 0) {
    return {
      orders: orderRows,
      events: [],
      messages: [],
      formSubmissions: [],
      visits: [],
      visitPhotos: [],
      customerPhotos: [],
      files: [] as CustomerFile[],
    };
  }
  const [events, messageRows, submissions, visitRows, photoRows, customerPhotoRows] =
    await Promise.all([
      db
        .select()
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, orderIds))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
      db
        .select()
        .from(messages)
        .where(and(eq(messages.relatedType, 'order'), inArray(messages.relatedId, orderIds)))
        .orderBy(asc(messages.createdAt), asc(messages.id)),
      db
        .select()
        .from(customerFormSubmissions)
        .where(inArray(customerFormSubmissions.orderId, orderIds))
        .orderBy(asc(customerFormSubmissions.submittedAt)),
      db
        .select()
        .from(visits)
        .where(inArray(visits.orderId, orderIds))
        .orderBy(asc(visits.createdAt)),
      db
        .select()
        .from(visitPhotos)
        .where(inArray(visitPhotos.orderId, orderIds))
        .orderBy(asc(visitPhotos.takenAt)),
      db
        .select()
        .from(customerPhotos)
        .where(inArray(customerPhotos.orderId, orderIds))
        .orderBy(asc(customerPhotos.createdAt)),
    ]);
  const files: CustomerFile[] = [
    ...customerPhotoRows.map((photo) => ({
      key: photo.storageKey,
      kind: 'customer-photo' as const,
    })),
    ...photoRows.map((photo) => ({ key: photo.storageKey, kind: 'visit-photo' as const })),
    ...visitRows.flatMap((visit) =>
      visit.signatureKey ? [{ key: visit.signatureKey, kind: 'signature' as const }] : [],
    ),
  ];
  return {
    orders: orderRows,
    events,
    messages: messageRows,
    formSubmissions: submissions,
    visits: visitRows,
    visitPhotos: photoRows,
    customerPhotos: customerPhotoRows,
    files,
  };
}

/** The customer's orders that are not finished yet (anonymising them would lose the job). */
export async function countOpenOrdersOfCustomer(db: Database, customerId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.customerId, customerId), notInArray(orders.status, [...finishedOrderStatuses])),
    );
  return Number(row?.count ?? 0);
}

/**
 * Customers still held whose every order finished (closed or cancelled) before `cutoff`, oldest
 * first. A customer without orders is not here: nothing says when their data stops being needed.
 */
export async function findCustomersPastRetention(db: Database, cutoff: Date, limit: number) {
  const finishedAt = sql`coalesce(${orders.closedAt}, ${orders.cancelledAt})`;
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(orders, eq(orders.customerId, customers.id))
    .where(isNull(customers.anonymisedAt))
    .groupBy(customers.id)
    .having(
      sql`bool_and(${orders.status} in ('closed', 'cancelled') and ${finishedAt} < ${cutoff.toISOString()})`,
    )
    .orderBy(sql`max(${finishedAt})`)
    .limit(limit);
  return rows.map((row) => row.id);
}
