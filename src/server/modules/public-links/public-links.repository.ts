import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { publicLinks, type PublicLinkRow } from './public-links.schema';
import type { PublicLinkPurpose } from '@shared/public-links/public-links.contracts';

export type { PublicLinkRow };

/** Marks every live link of this order and purpose as replaced. */
export async function replaceLiveLinks(
  tx: Database,
  orderId: string,
  purpose: PublicLinkPurpose,
  now: Date,
) {
  await tx
    .update(publicLinks)
    .set({ replacedAt: now })
    .where(
      and(
        eq(publicLinks.orderId, orderId),
        eq(publicLinks.purpose, purpose),
        isNull(publicLinks.usedAt),
        isNull(publicLinks.replacedAt),
      ),
    );
}

export async function insertLink(
  tx: Database,
  values: {
    orderId: string;
    purpose: PublicLinkPurpose;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
) {
  const [row] = await tx.insert(publicLinks).values(values).returning();
  return row!;
}

export async function findLinkByHash(db: Database, tokenHash: string) {
  const [row] = await db.select().from(publicLinks).where(eq(publicLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** Sets used_at only if nobody did first: of two tabs sending at once, one gets the row. */
export async function claimLinkUse(tx: Database, id: string, now: Date) {
  const rows = await tx
    .update(publicLinks)
    .set({ usedAt: now })
    .where(and(eq(publicLinks.id, id), isNull(publicLinks.usedAt), isNull(publicLinks.replacedAt)))
    .returning({ id: publicLinks.id });
  return rows.length === 1;
}

/** Holds the link's row until the transaction ends. */
export async function lockLinkRow(tx: Database, id: string) {
  await tx
    .select({ id: publicLinks.id })
    .from(publicLinks)
    .where(eq(publicLinks.id, id))
    .for('update');
}

export async function deleteLinkRowsOfOrders(tx: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return 0;
  const rows = await tx
    .delete(publicLinks)
    .where(inArray(publicLinks.orderId, [...orderIds]))
    .returning({ id: publicLinks.id });
  return rows.length;
}
