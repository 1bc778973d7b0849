import { and, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  domainEvents,
  eventDeliveries,
  type DomainEventRow,
  type EventDeliveryRow,
} from './events.schema';

export type NewDomainEventRow = typeof domainEvents.$inferInsert;

export async function insertDomainEvent(tx: Database, values: NewDomainEventRow): Promise<void> {
  await tx.insert(domainEvents).values(values);
}

/**
 * Takes up to `limit` events still in the outbox for `leaseSeconds`: another dispatcher (another
 * server) skips them meanwhile, and takes them over if this one dies before marking them.
 */
export async function claimPendingEvents(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<Pick<DomainEventRow, 'id' | 'type'>[]> {
  const result = await db.execute(sql`
    update ${domainEvents}
       set claimed_until = now() + make_interval(secs => ${leaseSeconds})
     where id in (
       select id from ${domainEvents}
        where dispatched_at is null and (claimed_until is null or claimed_until < now())
        order by occurred_at
        limit ${limit}
        for update skip locked)
    returning id, type`);
  return (result as unknown as { rows: { id: string; type: string }[] }).rows;
}

export async function markDispatched(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(domainEvents)
    .set({ dispatchedAt: new Date(), claimedUntil: null })
    .where(inArray(domainEvents.id, ids));
}

export async function findDomainEvent(db: Database, id: string): Promise<DomainEventRow | null> {
  const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, id)).limit(1);
  return row ?? null;
}

/**
 * Inside the subscriber's transaction: records the delivery as done, answering false when it
 * already was (a second run: the caller then does nothing). A concurrent run of the same
 * delivery waits on the row and then sees it done.
 */
export async function claimDelivery(
  tx: Database,
  subscriber: string,
  eventId: string,
): Promise<boolean> {
  const now = new Date();
  const rows = await tx
    .insert(eventDeliveries)
    .values({
      subscriber,
      eventId,
      status: 'done',
      attempts: 1,
      completedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [eventDeliveries.subscriber, eventDeliveries.eventId],
      set: {
        status: 'done',
        attempts: sql`${eventDeliveries.attempts} + 1`,
        lastError: null,
        completedAt: now,
        updatedAt: now,
      },
      setWhere: ne(eventDeliveries.status, 'done'),
    })
    .returning({ subscriber: eventDeliveries.subscriber });
  return rows.length > 0;
}

/** After a failed run (its transaction rolled back): counts the try and keeps the error. */
export async function recordDeliveryFailure(
  db: Database,
  subscriber: string,
  eventId: string,
  error: string,
  retryLimit: number,
): Promise<void> {
  const now = new Date();
  const lastError = error.slice(0, 2000);
  await db
    .insert(eventDeliveries)
    .values({
      subscriber,
      eventId,
      status: retryLimit < 1 ? 'failed' : 'retrying',
      attempts: 1,
      lastError,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [eventDeliveries.subscriber, eventDeliveries.eventId],
      set: {
        attempts: sql`${eventDeliveries.attempts} + 1`,
        status: sql`case when ${eventDeliveries.attempts} + 1 > ${retryLimit} then 'failed' else 'retrying' end`,
        lastError,
        updatedAt: now,
      },
      setWhere: ne(eventDeliveries.status, 'done'),
    });
}

export type DeliveryFailureRow = EventDeliveryRow &
  Pick<DomainEventRow, 'type' | 'aggregateType' | 'aggregateId' | 'occurredAt'>;

export async function listDeliveryFailures(
  db: Database,
  page: number,
  pageSize: number,
): Promise<{ rows: DeliveryFailureRow[]; total: number }> {
  const where = ne(eventDeliveries.status, 'done');
  const rows = await db
    .select({
      subscriber: eventDeliveries.subscriber,
      eventId: eventDeliveries.eventId,
      status: eventDeliveries.status,
      attempts: eventDeliveries.attempts,
      lastError: eventDeliveries.lastError,
      createdAt: eventDeliveries.createdAt,
      updatedAt: eventDeliveries.updatedAt,
      completedAt: eventDeliveries.completedAt,
      type: domainEvents.type,
      aggregateType: domainEvents.aggregateType,
      aggregateId: domainEvents.aggregateId,
      occurredAt: domainEvents.occurredAt,
    })
    .from(eventDeliveries)
    .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
    .where(where)
    .orderBy(desc(eventDeliveries.updatedAt))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ value: count() }).from(eventDeliveries).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function listEventsOf(
  db: Database,
  aggregateType: string,
  aggregateId: string,
): Promise<{ event: DomainEventRow; deliveries: EventDeliveryRow[] }[]> {
  const events = await db
    .select()
    .from(domainEvents)
    .where(
      and(eq(domainEvents.aggregateType, aggregateType), eq(domainEvents.aggregateId, aggregateId)),
    )
    .orderBy(domainEvents.occurredAt)
    .limit(500);
  if (events.length === 0) return [];
  const deliveries = await db
    .select()
    .from(eventDeliveries)
    .where(
      inArray(
        eventDeliveries.eventId,
        events.map((event) => event.id),
      ),
    );
  return events.map((event) => ({
    event,
    deliveries: deliveries.filter((delivery) => delivery.eventId === event.id),
  }));
}

/** Handed-over events older than the cut-off whose deliveries all finished well. */
export async function deleteDispatchedEventsBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(domainEvents)
    .where(
      and(
        lt(domainEvents.dispatchedAt, before),
        sql`not exists (select 1 from ${eventDeliveries}
                         where ${eventDeliveries.eventId} = ${domainEvents.id}
                           and ${eventDeliveries.status} <> 'done')`,
      ),
    )
    .returning({ id: domainEvents.id });
  return deleted.length;
}
