import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DigestFrequency } from '@shared/notifications/notifications.contracts';
import type { Database } from '../../db/client';
import {
  notifications,
  notificationSettings,
  type NewNotificationRow,
  type NotificationRow,
} from './notifications.schema';

/** Inserts each new one; one already told (same user and key) is skipped. Answers those made. */
export async function insertNotifications(
  tx: Database,
  rows: NewNotificationRow[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning();
}

/** A person's notifications, newest first; `before` pages back from a notification. */
export async function listNotificationsOf(
  db: Database,
  userId: string,
  options: { unread: boolean; before?: string; limit: number },
) {
  const conditions = [eq(notifications.userId, userId)];
  if (options.unread) conditions.push(isNull(notifications.readAt));
  if (options.before) {
    const [anchor] = await db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, options.before), eq(notifications.userId, userId)));
    if (!anchor) return null;
    conditions.push(
      or(
        lt(notifications.createdAt, anchor.createdAt),
        and(eq(notifications.createdAt, anchor.createdAt), lt(notifications.id, anchor.id)),
      )!,
    );
  }
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

/** A person's notifications made after this moment, oldest first (what a stream sends next). */
export async function listNotificationsSince(
  db: Database,
  userId: string,
  since: Date,
  seen: readonly string[],
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.createdAt} >= ${since}`))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(50);
  return rows.filter((row) => !seen.includes(row.id));
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.value ?? 0);
}

/** Marks one of the person's notifications read; null when it is not theirs (or not there). */
export async function markRead(db: Database, userId: string, id: string, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

export async function markAllRead(db: Database, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findSettings(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

export async function upsertSettings(
  db: Database,
  userId: string,
  emailDigest: DigestFrequency,
  now: Date,
) {
  await db
    .insert(notificationSettings)
    .values({ userId, emailDigest, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { emailDigest, updatedAt: now },
    });
}

/** People with this digest frequency who have unread notifications no digest listed yet. */
export async function listDigestRecipients(db: Database, frequency: DigestFrequency) {
  const rows = await db
    .selectDistinct({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .innerJoin(notifications, eq(notifications.userId, notificationSettings.userId))
    .where(
      and(
        eq(notificationSettings.emailDigest, frequency),
        isNull(notifications.readAt),
        isNull(notifications.emailedAt),
      ),
    );
  return rows.map((row) => row.userId);
}

/** The person's unread notifications no digest listed yet, locked for this digest. */
export async function claimDigestItems(tx: Database, userId: string, now: Date) {
  const rows = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        isNull(notifications.emailedAt),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .for('update', { skipLocked: true });
  if (rows.length > 0) {
    await tx
      .update(notifications)
      .set({ emailedAt: now })
      .where(
        inArray(
          notifications.id,
          rows.map((row) => row.id),
        ),
      );
  }
  return rows;
}

/** Read notifications older than the cutoff go (unread ones stay until read). */
export async function deleteReadBefore(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(and(lt(notifications.createdAt, cutoff), sql`${notifications.readAt} is not null`))
    .returning({ id: notifications.id });
  return rows.length;
}
