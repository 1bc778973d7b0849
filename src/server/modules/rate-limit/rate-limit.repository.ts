import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitCounters } from './rate-limit.schema';

export type RateLimitHit = {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
};

/**
 * Counts one hit on `key` in a fixed window of `windowMs`, in one statement (an upsert), so two
 * servers — or two requests on one — never read the same count: PostgreSQL queues conflicting
 * inserts on the row and each sees the last one's result.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<RateLimitHit> {
  const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000}::double precision)`;
  const expired = sql`${rateLimitCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        resetAt: sql`case when ${expired} then ${windowEnd} else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
  return row!;
}

/** Forgets counters whose window ended more than `graceMs` ago. */
export async function deleteExpiredCounters(db: Database, graceMs = 60 * 60_000) {
  await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetAt, new Date(Date.now() - graceMs)));
}
