import { and, desc, eq, gte, ilike, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiRequestLogQuery } from '@shared/partner-api/partner-api.contracts';
import type { Database } from '../../db/client';
import { cursorKeyColumn, type KeyColumn, type ListPaging, listPage } from '../../db/keyset';
import { apiKeyColumns, partnerApiKeys, partnerApiRequests } from './partner-api.schema';

// Drizzle queries of the partner API: its keys and its request log. The partners' names come
// from the partners module; the settings row from the settings module.

export type ApiKeyRow = {
  id: string;
  partnerId: string;
  name: string;
  prefix: string;
  scopes: ('read' | 'write')[];
  allowedCidrs: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  revokedAt: Date | null;
};

export async function insertApiKey(db: Database, values: typeof partnerApiKeys.$inferInsert) {
  const [row] = await db.insert(partnerApiKeys).values(values).returning({ id: partnerApiKeys.id });
  return row!;
}

export async function findApiKeyRowById(db: Database, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select(apiKeyColumns)
    .from(partnerApiKeys)
    .where(eq(partnerApiKeys.id, id));
  return row;
}

/** The keys, newest first (the service orders them by partner name). */
export async function listApiKeyRows(
  db: Database,
  filters: { partnerId?: string; includeRevoked?: boolean },
): Promise<ApiKeyRow[]> {
  const where: SQL[] = [];
  if (filters.partnerId) where.push(eq(partnerApiKeys.partnerId, filters.partnerId));
  if (!filters.includeRevoked) where.push(isNull(partnerApiKeys.revokedAt));
  return db
    .select(apiKeyColumns)
    .from(partnerApiKeys)
    .where(and(...where))
    .orderBy(desc(partnerApiKeys.createdAt));
}

/** Revokes a live key; null when there is no live key with that id. */
export async function revokeApiKeyRow(db: Database, id: string, by: string | null, now: Date) {
  const [row] = await db
    .update(partnerApiKeys)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(partnerApiKeys.id, id), isNull(partnerApiKeys.revokedAt)))
    .returning({ id: partnerApiKeys.id, prefix: partnerApiKeys.prefix });
  return row ?? null;
}

export async function touchApiKey(db: Database, id: string, ip: string, now: Date) {
  await db
    .update(partnerApiKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(eq(partnerApiKeys.id, id));
}

export async function insertRequestLog(db: Database, row: typeof partnerApiRequests.$inferInsert) {
  await db.insert(partnerApiRequests).values(row);
}

/**
 * Counts a request made without a valid key into its address's row for the minute, in one
 * upsert: the row keeps the first request's time and shows the latest one's call and answer.
 */
export async function countKeylessRequest(
  db: Database,
  row: typeof partnerApiRequests.$inferInsert & { aggregateKey: string },
) {
  const latest = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(partnerApiRequests)
    .values({ ...row, count: 1 })
    .onConflictDoUpdate({
      target: partnerApiRequests.aggregateKey,
      set: {
        count: sql`${partnerApiRequests.count} + 1`,
        method: latest('method'),
        path: latest('path'),
        status: latest('status'),
        durationMs: latest('duration_ms'),
        requestId: latest('request_id'),
        errorCode: latest('error_code'),
      },
    });
}

type LogFilters = z.output<typeof apiRequestLogQuery>;

function dayStart(day: string) {
  return new Date(`${day}T00:00:00.000Z`);
}

const requestKeys: KeyColumn[] = [
  { sql: sql`${partnerApiRequests.at}`, type: 'timestamptz' },
  { sql: sql`${partnerApiRequests.id}`, type: 'uuid' },
];

/** The request log, newest first, by keyset (or bounded page number), and its total. */
export async function listRequestLog(db: Database, paging: ListPaging, filters: LogFilters) {
  const where: SQL[] = [];
  if (filters.partnerId) where.push(eq(partnerApiRequests.partnerId, filters.partnerId));
  if (filters.method) where.push(eq(partnerApiRequests.method, filters.method));
  if (filters.path) {
    const escaped = filters.path.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(ilike(partnerApiRequests.path, `%${escaped}%`));
  }
  if (filters.status) {
    if (/^\dxx$/.test(filters.status)) {
      const base = Number(filters.status[0]) * 100;
      where.push(gte(partnerApiRequests.status, base), lt(partnerApiRequests.status, base + 100));
    } else where.push(eq(partnerApiRequests.status, Number(filters.status)));
  }
  if (filters.from) where.push(gte(partnerApiRequests.at, dayStart(filters.from)));
  if (filters.to) {
    const end = dayStart(filters.to);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(lt(partnerApiRequests.at, end));
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  return listPage(
    db,
    paging,
    {
      name: 'partner-api-requests',
      keys: requestKeys,
      table: partnerApiRequests,
      where: condition,
    },
    filters,
    (request) =>
      db
        .select({
          id: partnerApiRequests.id,
          at: partnerApiRequests.at,
          partnerId: partnerApiRequests.partnerId,
          keyPrefix: partnerApiRequests.keyPrefix,
          method: partnerApiRequests.method,
          path: partnerApiRequests.path,
          status: partnerApiRequests.status,
          durationMs: partnerApiRequests.durationMs,
          ip: partnerApiRequests.ip,
          requestId: partnerApiRequests.requestId,
          errorCode: partnerApiRequests.errorCode,
          count: partnerApiRequests.count,
          cursorKey: cursorKeyColumn(requestKeys),
        })
        .from(partnerApiRequests)
        .where(request.after ? and(condition, request.after) : condition)
        .orderBy(...request.orderBy)
        .limit(request.limit)
        .offset(request.offset),
  );
}

/** Deletes log rows older than `before`; answers how many. */
export async function pruneRequestLog(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(partnerApiRequests)
    .where(lte(partnerApiRequests.at, before))
    .returning({ id: partnerApiRequests.id });
  return rows.length;
}
