import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blockedIps } from './security.schema';

/** Ends an active block now; null when there is no such active block. */
export async function expireBlock(db: Database, id: string, now: Date) {
  const [row] = await db
    .update(blockedIps)
    .set({ expiresAt: now })
    .where(
      and(eq(blockedIps.id, id), or(isNull(blockedIps.expiresAt), gt(blockedIps.expiresAt, now))),
    )
    .returning();
  return row ?? null;
}
