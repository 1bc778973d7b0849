import { and, count, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  xeroCallCounts,
  xeroConnections,
  xeroContacts,
  xeroDocuments,
  xeroOauthStates,
  xeroSettings,
  xeroSyncAttempts,
  type XeroConnectionRow,
  type XeroContactKind,
  type XeroDocumentKind,
  type XeroDocumentRow,
  type XeroSettingsRow,
} from './xero.schema';

export const connectionId = 'default';

export async function findConnectionRow(db: Database): Promise<XeroConnectionRow | null> {
  const [row] = await db.select().from(xeroConnections).where(eq(xeroConnections.id, connectionId));
  return row ?? null;
}

/** The connection locked for the rest of the transaction: one refresh at a time. */
export async function lockConnectionRow(tx: Database): Promise<XeroConnectionRow | null> {
  const [row] = await tx
    .select()
    .from(xeroConnections)
    .where(eq(xeroConnections.id, connectionId))
    .for('update');
  return row ?? null;
}

export async function upsertConnectionRow(
  db: Database,
  values: Omit<typeof xeroConnections.$inferInsert, 'id'>,
) {
  await db
    .insert(xeroConnections)
    .values({ ...values, id: connectionId })
    .onConflictDoUpdate({
      target: xeroConnections.id,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function updateConnectionRow(
  db: Database,
  values: Partial<typeof xeroConnections.$inferInsert>,
) {
  await db
    .update(xeroConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(xeroConnections.id, connectionId));
}

export async function deleteConnectionRow(db: Database) {
  await db.delete(xeroConnections).where(eq(xeroConnections.id, connectionId));
}

export async function findSettingsRow(db: Database): Promise<XeroSettingsRow | null> {
  const [row] = await db.select().from(xeroSettings).where(eq(xeroSettings.id, connectionId));
  return row ?? null;
}

export async function upsertSettingsRow(
  db: Database,
  values: Omit<typeof xeroSettings.$inferInsert, 'id'>,
) {
  await db
    .insert(xeroSettings)
    .values({ ...values, id: connectionId })
    .onConflictDoUpdate({ target: xeroSettings.id, set: { ...values, updatedAt: new Date() } });
}

export async function insertStateRow(db: Database, values: typeof xeroOauthStates.$inferInsert) {
  await db.delete(xeroOauthStates).where(lt(xeroOauthStates.expiresAt, new Date()));
  await db.insert(xeroOauthStates).values(values);
}

/** Takes the state (single use): answers its row, which is gone afterwards. */
export async function takeStateRow(db: Database, stateHash: string) {
  const [row] = await db
    .delete(xeroOauthStates)
    .where(eq(xeroOauthStates.stateHash, stateHash))
    .returning();
  return row ?? null;
}

export async function findContactRow(
  db: Database,
  tenantId: string,
  kind: XeroContactKind,
  localId: string,
) {
  const [row] = await db
    .select()
    .from(xeroContacts)
    .where(
      and(
        eq(xeroContacts.tenantId, tenantId),
        eq(xeroContacts.kind, kind),
        eq(xeroContacts.localId, localId),
      ),
    );
  return row ?? null;
}

export async function listContactRows(db: Database, tenantId: string) {
  return db
    .select()
    .from(xeroContacts)
    .where(eq(xeroContacts.tenantId, tenantId))
    .orderBy(xeroContacts.kind, xeroContacts.name);
}

export async function insertContactRow(db: Database, values: typeof xeroContacts.$inferInsert) {
  await db.insert(xeroContacts).values(values).onConflictDoNothing();
}

/** New documents (an existing (order, kind) is left alone); answers the ids made. */
export async function insertDocumentRows(
  db: Database,
  rows: { orderId: string; kind: XeroDocumentKind; amountPence: number }[],
  now: Date,
) {
  if (rows.length === 0) return [];
  const made = await db
    .insert(xeroDocuments)
    .values(rows.map((row) => ({ ...row, nextAttemptAt: now, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .returning({ id: xeroDocuments.id });
  return made.map((row) => row.id);
}

export async function findDocumentRow(db: Database, id: string) {
  const [row] = await db.select().from(xeroDocuments).where(eq(xeroDocuments.id, id));
  return row ?? null;
}

export async function findDocumentOf(db: Database, orderId: string, kind: XeroDocumentKind) {
  const [row] = await db
    .select()
    .from(xeroDocuments)
    .where(and(eq(xeroDocuments.orderId, orderId), eq(xeroDocuments.kind, kind)));
  return row ?? null;
}

/**
 * Claims a due pending document for one attempt: its next attempt moves past the lease, so a
 * second job for it (the queue ran it twice) finds nothing to do. At most `concurrent` documents
 * are being sent at once, across every server: claims take a transaction lock one at a time.
 * Answers the row, `busy` when the cap is reached, or null when it is not due.
 */
export async function claimDueDocument(
  db: Database,
  id: string,
  now: Date,
  leaseMs: number,
  concurrent: number,
): Promise<XeroDocumentRow | 'busy' | null> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uplink.xero.claim'))`);
    const [sending] = await tx
      .select({ n: count() })
      .from(xeroDocuments)
      .where(and(gt(xeroDocuments.sendingUntil, now), ne(xeroDocuments.id, id)));
    const due = and(
      eq(xeroDocuments.id, id),
      eq(xeroDocuments.status, 'pending'),
      or(isNull(xeroDocuments.nextAttemptAt), lte(xeroDocuments.nextAttemptAt, now)),
    );
    if ((sending?.n ?? 0) >= concurrent) {
      const [waiting] = await tx.select({ id: xeroDocuments.id }).from(xeroDocuments).where(due);
      return waiting ? 'busy' : null;
    }
    const until = new Date(now.getTime() + leaseMs);
    const [row] = await tx
      .update(xeroDocuments)
      .set({ nextAttemptAt: until, sendingUntil: until, updatedAt: now })
      .where(due)
      .returning();
    return row ?? null;
  });
}

export async function updateDocumentRow(
  db: Database,
  id: string,
  values: Partial<typeof xeroDocuments.$inferInsert>,
) {
  await db
    .update(xeroDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(xeroDocuments.id, id));
}

export async function insertAttemptRow(db: Database, values: typeof xeroSyncAttempts.$inferInsert) {
  await db.insert(xeroSyncAttempts).values(values);
}

export async function listDocumentRows(
  db: Database,
  filter: { status?: XeroDocumentRow['status']; orderId?: string },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.status ? eq(xeroDocuments.status, filter.status) : undefined,
    filter.orderId ? eq(xeroDocuments.orderId, filter.orderId) : undefined,
  );
  const rows = await db
    .select()
    .from(xeroDocuments)
    .where(where)
    .orderBy(desc(xeroDocuments.createdAt), desc(xeroDocuments.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(xeroDocuments).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function listAttemptRows(db: Database, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(xeroSyncAttempts)
    .where(inArray(xeroSyncAttempts.documentId, documentIds))
    .orderBy(xeroSyncAttempts.startedAt);
}

export async function countNeedsAttention(db: Database) {
  const [row] = await db
    .select({ n: count() })
    .from(xeroDocuments)
    .where(and(eq(xeroDocuments.status, 'failed'), eq(xeroDocuments.needsAttention, true)));
  return row?.n ?? 0;
}

/** Pending documents whose job seems lost (due more than a while ago). */
export async function overdueDocumentIds(db: Database, before: Date) {
  const rows = await db
    .select({ id: xeroDocuments.id })
    .from(xeroDocuments)
    .where(and(eq(xeroDocuments.status, 'pending'), lt(xeroDocuments.nextAttemptAt, before)))
    .limit(500);
  return rows.map((row) => row.id);
}

/**
 * One more call in the window, unless `limit` calls were made in it already: answers whether
 * the call may go. Expired windows are cleared as it goes.
 */
export async function takeCallSlot(
  db: Database,
  tenantId: string,
  window: string,
  limit: number,
  expiresAt: Date,
  now: Date,
) {
  await db.delete(xeroCallCounts).where(lt(xeroCallCounts.expiresAt, now));
  const rows = await db
    .insert(xeroCallCounts)
    .values({ tenantId, window, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [xeroCallCounts.tenantId, xeroCallCounts.window],
      set: { count: sql`${xeroCallCounts.count} + 1` },
      setWhere: sql`${xeroCallCounts.count} < ${limit}`,
    })
    .returning({ count: xeroCallCounts.count });
  return rows.length > 0;
}
