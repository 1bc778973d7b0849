import { and, count, desc, eq, gte, ilike, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiRequestLogQuery } from '@shared/partner-api/partner-api.contracts';
import type { Database } from '../../db/client';
import { partnerApiKeys, partnerApiRequests } from '../../db/schema/partner-api';
import { partners } from '../../db/schema/partners';
import { settings } from '../../db/schema/settings';

// Drizzle queries of the partner API: keys, the request log, its settings row.

const keyColumns = {
  id: partnerApiKeys.id,
  partnerId: partnerApiKeys.partnerId,
  partnerName: partners.name,
  partnerActive: partners.active,
  name: partnerApiKeys.name,
  prefix: partnerApiKeys.prefix,
  scopes: partnerApiKeys.scopes,
  allowedCidrs: partnerApiKeys.allowedCidrs,
  createdAt: partnerApiKeys.createdAt,
  lastUsedAt: partnerApiKeys.lastUsedAt,
  lastUsedIp: partnerApiKeys.lastUsedIp,
  revokedAt: partnerApiKeys.revokedAt,
};

export type ApiKeyView = {
  id: string;
  partnerId: string;
  partnerName: string;
  partnerActive: boolean;
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

export async function findApiKeyById(db: Database, id: string): Promise<ApiKeyView | undefined> {
  const [row] = await db
    .select(keyColumns)
    .from(partnerApiKeys)
    .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
    .where(eq(partnerApiKeys.id, id));
  return row;
}

export async function findApiKeyByHash(
  db: Database,
  hash: string,
): Promise<ApiKeyView | undefined> {
  const [row] = await db
    .select(keyColumns)
    .from(partnerApiKeys)
    .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
    .where(eq(partnerApiKeys.hash, hash));
  return row;
}

export async function listApiKeys(
  db: Database,
  filters: { partnerId?: string; includeRevoked?: boolean },
): Promise<ApiKeyView[]> {
  const where: SQL[] = [];
  if (filters.partnerId) where.push(eq(partnerApiKeys.partnerId, filters.partnerId));
  if (!filters.includeRevoked) where.push(isNull(partnerApiKeys.revokedAt));
  return db
    .select(keyColumns)
    .from(partnerApiKeys)
    .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
    .where(and(...where))
    .orderBy(partners.name, desc(partnerApiKeys.createdAt));
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

type LogFilters = z.output<typeof apiRequestLogQuery>;

function dayStart(day: string) {
  return new Date(`${day}T00:00:00.000Z`);
}

export async function listRequestLog(db: Database, filters: LogFilters) {
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
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: partnerApiRequests.id,
        at: partnerApiRequests.at,
        partnerId: partnerApiRequests.partnerId,
        partnerName: partners.name,
        keyPrefix: partnerApiRequests.keyPrefix,
        method: partnerApiRequests.method,
        path: partnerApiRequests.path,
        status: partnerApiRequests.status,
        durationMs: partnerApiRequests.durationMs,
        ip: partnerApiRequests.ip,
        requestId: partnerApiRequests.requestId,
        errorCode: partnerApiRequests.errorCode,
      })
      .from(partnerApiRequests)
      .leftJoin(partners, eq(partners.id, partnerApiRequests.partnerId))
      .where(condition)
      .orderBy(desc(partnerApiRequests.at), desc(partnerApiRequests.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.select({ total: count() }).from(partnerApiRequests).where(condition),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Deletes log rows older than `before`; answers how many. */
export async function pruneRequestLog(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(partnerApiRequests)
    .where(lte(partnerApiRequests.at, before))
    .returning({ id: partnerApiRequests.id });
  return rows.length;
}

export const partnerApiSettingsKey = 'partner_api';

export async function readApiSettingsRow(db: Database): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, partnerApiSettingsKey));
  return row?.value;
}

export async function writeApiSettingsRow(
  db: Database,
  value: unknown,
  updatedBy: string | null,
  now: Date,
) {
  await db
    .insert(settings)
    .values({ key: partnerApiSettingsKey, value, updatedAt: now, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now, updatedBy } });
}
