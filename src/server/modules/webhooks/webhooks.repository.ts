import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cursorKeyColumn, type KeyColumn, type ListPaging, listPage } from '../../db/keyset';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.schema';
import type { WebhookDeliveryStatus } from '@shared/webhooks/webhooks.contracts';

// The partners' names and the orders' numbers come from their modules (webhook-lists.ts).

/** The endpoints (of one partner, or all), oldest first. */
export async function listEndpointRows(db: Database, partnerId?: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(partnerId ? eq(webhookEndpoints.partnerId, partnerId) : undefined)
    .orderBy(webhookEndpoints.createdAt);
}

export async function findEndpointRow(
  db: Database,
  id: string,
): Promise<WebhookEndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertEndpointRow(
  db: Database,
  values: typeof webhookEndpoints.$inferInsert,
) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpointRow(
  db: Database,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row ?? null;
}

export async function deleteEndpointRow(db: Database, id: string) {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  return rows.length > 0;
}

/** The enabled endpoints of a partner, for one event. */
export async function enabledEndpointsOf(db: Database, partnerId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.partnerId, partnerId), eq(webhookEndpoints.enabled, true)));
}

export async function insertDeliveryRows(
  db: Database,
  values: (typeof webhookDeliveries.$inferInsert)[],
) {
  if (values.length === 0) return [];
  return db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
}

/**
 * Takes a due delivery for one attempt: pushes its next attempt time `leaseMs` ahead so that a
 * second job for the same attempt (or the sweep) finds nothing to do. Null when not due.
 */
export async function claimDueDelivery(
  db: Database,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateDeliveryRow(
  db: Database,
  id: string,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row ?? null;
}

export async function insertAttemptRow(db: Database, values: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(values);
}

/** Pending deliveries whose attempt is overdue (its job was lost): for the sweep. */
export async function overdueDeliveryIds(db: Database, before: Date, limit = 500) {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, before)),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Stops the pending deliveries of an endpoint (disabled or gone). */
export async function failPendingDeliveriesOf(db: Database, endpointId: string, reason: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lastError: reason, updatedAt: new Date() })
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')),
    );
}

const deliveryColumns = { delivery: webhookDeliveries, endpointUrl: webhookEndpoints.url };

/** A delivery with its endpoint's URL. */
export type DeliveryRow = WebhookDeliveryRow & { endpointUrl: string };

function deliveryQuery(db: Database) {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId));
}

const flatten = (row: { delivery: WebhookDeliveryRow; endpointUrl: string }): DeliveryRow => ({
  ...row.delivery,
  endpointUrl: row.endpointUrl,
});

const deliveryKeys: KeyColumn[] = [
  { sql: sql`${webhookDeliveries.createdAt}`, type: 'timestamptz' },
  { sql: sql`${webhookDeliveries.id}`, type: 'uuid' },
];

/** The deliveries, newest first, by keyset (or bounded page number), and their total. */
export async function listDeliveryRows(
  db: Database,
  paging: ListPaging,
  filter: { endpointId?: string; partnerId?: string; status?: WebhookDeliveryStatus },
  at: { cursor?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.endpointId) conditions.push(eq(webhookDeliveries.endpointId, filter.endpointId));
  if (filter.partnerId) conditions.push(eq(webhookDeliveries.partnerId, filter.partnerId));
  if (filter.status) conditions.push(eq(webhookDeliveries.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const page = await listPage(
    db,
    paging,
    { name: 'webhook-deliveries', keys: deliveryKeys, table: webhookDeliveries, where },
    at,
    (request) =>
      db
        .select({ ...deliveryColumns, cursorKey: cursorKeyColumn(deliveryKeys) })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(request.after ? and(where, request.after) : where)
        .orderBy(...request.orderBy)
        .limit(request.limit)
        .offset(request.offset),
  );
  return { ...page, rows: page.rows.map(flatten) };
}

export async function findDeliveryRow(db: Database, id: string) {
  const [row] = await deliveryQuery(db).where(eq(webhookDeliveries.id, id)).limit(1);
  return row ? flatten(row) : null;
}

export async function listAttemptRows(db: Database, deliveryId: string) {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(webhookAttempts.attemptNumber);
}

export async function listAttemptRowsOf(db: Database, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(webhookAttempts.attemptNumber);
}

/** Deletes attempts (and finished deliveries) older than `before`; answers how many attempts. */
export async function pruneAttemptsBefore(db: Database, before: Date) {
  const deleted = await db
    .delete(webhookAttempts)
    .where(lte(webhookAttempts.startedAt, before))
    .returning({ id: webhookAttempts.id });
  await db
    .delete(webhookDeliveries)
    .where(
      and(sql`${webhookDeliveries.status} <> 'pending'`, lte(webhookDeliveries.updatedAt, before)),
    );
  return deleted.length;
}
