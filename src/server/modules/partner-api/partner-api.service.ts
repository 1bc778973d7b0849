import type { z } from 'zod';
import {
  defaultPartnerApiSettings,
  partnerApiSettingsSchema,
  type ApiKey,
  type ApiRequestLogResponse,
  type apiRequestLogQuery,
  type createApiKeyBody,
  type PartnerApiSettings,
} from '@shared/partner-api/partner-api.contracts';
import { parseIpRange } from '@shared/partner-api/ip-range';
import type { Database } from '../../db/client';
import type { ListPaging } from '../../db/keyset';
import { inTransaction } from '../../db/transaction';
import { badRequest, notFound } from '../../errors';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import {
  findPartnerForOrder,
  findPartnerNames,
  withPartnerNames,
} from '../partners/partners.service';
import { readSetting, writeSetting } from '../settings/settings.service';
import { generateApiKey } from './api-key-format';
import {
  findApiKeyRowById,
  insertApiKey,
  listApiKeyRows,
  listRequestLog,
  pruneRequestLog,
  revokeApiKeyRow,
  type ApiKeyRow,
} from './partner-api.repository';

// The back-office side of the partner API: keys, settings, the request log (issue 14).

export const partnerApiAudit = {
  keyCreated: 'partner_api.key_created',
  keyRevoked: 'partner_api.key_revoked',
  settingsChanged: 'partner_api.settings_changed',
} as const;

/** A key with its partner's name and whether the partner is active. */
export type ApiKeyView = ApiKeyRow & { partnerName: string; partnerActive: boolean };

async function findApiKeyById(db: Database, id: string): Promise<ApiKeyView | undefined> {
  const row = await findApiKeyRowById(db, id);
  return row ? (await withPartnerNames(db, [row]))[0] : undefined;
}

export function toApiKey(view: ApiKeyView): ApiKey {
  return {
    id: view.id,
    partner: { id: view.partnerId, name: view.partnerName },
    name: view.name,
    prefix: view.prefix,
    scopes: view.scopes,
    allowedCidrs: view.allowedCidrs,
    createdAt: view.createdAt.toISOString(),
    lastUsedAt: view.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: view.lastUsedIp,
    revokedAt: view.revokedAt?.toISOString() ?? null,
  };
}

/** `10.1.2.3/8` → `10.1.2.3/8` as typed, but a bare address gets no prefix: shown as typed. */
function normaliseRange(text: string) {
  const range = parseIpRange(text)!;
  const full = range.family === 4 ? 32 : 128;
  return range.bits === full
    ? range.address.toLowerCase()
    : `${range.address.toLowerCase()}/${range.bits}`;
}

export async function createApiKey(
  db: Database,
  body: z.output<typeof createApiKeyBody>,
  context: AuditContext,
): Promise<{ apiKey: ApiKey; key: string }> {
  const generated = generateApiKey();
  const id = await inTransaction(db, async (tx) => {
    const partner = await findPartnerForOrder(tx, body.partnerId);
    if (!partner) throw badRequest('Unknown partner', { partnerId: ['Unknown partner'] });
    const row = await insertApiKey(tx, {
      partnerId: partner.id,
      name: body.name,
      prefix: generated.prefix,
      hash: generated.hash,
      scopes: body.scopes,
      allowedCidrs: body.allowedCidrs.map(normaliseRange),
      createdBy: context.actorUserId ?? null,
    });
    await recordAudit(tx, {
      ...context,
      action: partnerApiAudit.keyCreated,
      targetType: 'partner_api_key',
      targetId: row.id,
      details: { partnerId: partner.id, prefix: generated.prefix, scopes: body.scopes },
    });
    return row.id;
  });
  const view = (await findApiKeyById(db, id))!;
  return { apiKey: toApiKey(view), key: generated.key };
}

export async function listKeys(
  db: Database,
  filters: { partnerId?: string; includeRevoked?: boolean },
) {
  const keys = await withPartnerNames(db, await listApiKeyRows(db, filters), {
    orderByName: true,
  });
  return keys.map(toApiKey);
}

export async function revokeApiKey(db: Database, id: string, context: AuditContext) {
  await inTransaction(db, async (tx) => {
    const row = await revokeApiKeyRow(tx, id, context.actorUserId ?? null, new Date());
    if (!row) throw notFound('No live API key with that id');
    await recordAudit(tx, {
      ...context,
      action: partnerApiAudit.keyRevoked,
      targetType: 'partner_api_key',
      targetId: id,
      details: { prefix: row.prefix },
    });
  });
  return toApiKey((await findApiKeyById(db, id))!);
}

const partnerApiSettingsKey = 'partner_api';

/**
 * Every /api/v1 request reads the rate limit: kept 5 s per database handle (as the session
 * limits, decision 066), so a busy partner API does not read the settings row each time. A
 * change through setPartnerApiSettings holds at once in this process, in others within 5 s.
 */
const settingsCacheMs = 5_000;
const settingsCache = new WeakMap<Database, { at: number; value: Promise<PartnerApiSettings> }>();

export async function getPartnerApiSettings(db: Database): Promise<PartnerApiSettings> {
  const cached = settingsCache.get(db);
  if (cached && Date.now() - cached.at < settingsCacheMs) return cached.value;
  const value = readPartnerApiSettings(db);
  settingsCache.set(db, { at: Date.now(), value });
  value.catch(() => settingsCache.delete(db));
  return value;
}

async function readPartnerApiSettings(db: Database): Promise<PartnerApiSettings> {
  const parsed = partnerApiSettingsSchema
    .partial()
    .safeParse(await readSetting(db, partnerApiSettingsKey));
  return { ...defaultPartnerApiSettings, ...(parsed.success ? parsed.data : {}) };
}

export async function setPartnerApiSettings(
  db: Database,
  value: PartnerApiSettings,
  context: AuditContext,
): Promise<PartnerApiSettings> {
  const stored = { ...value, defaultAllowedCidrs: value.defaultAllowedCidrs.map(normaliseRange) };
  await inTransaction(db, async (tx) => {
    await writeSetting(tx, partnerApiSettingsKey, stored, context.actorUserId ?? null, new Date());
    await recordAudit(tx, {
      ...context,
      action: partnerApiAudit.settingsChanged,
      targetType: 'setting',
      targetId: 'partner_api',
      details: stored,
    });
  });
  settingsCache.delete(db);
  return stored;
}

export async function listApiRequests(
  db: Database,
  paging: ListPaging,
  filters: z.output<typeof apiRequestLogQuery>,
): Promise<ApiRequestLogResponse> {
  const { rows, total, totalIsEstimate, totalIsLowerBound, nextCursor, prevCursor } =
    await listRequestLog(db, paging, filters);
  const partners = await findPartnerNames(
    db,
    rows.flatMap((row) => (row.partnerId ? [row.partnerId] : [])),
  );
  const partnerName = new Map(partners.map((partner) => [partner.id, partner.name]));
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      partner: row.partnerId
        ? { id: row.partnerId, name: partnerName.get(row.partnerId) ?? '' }
        : null,
      keyPrefix: row.keyPrefix,
      method: row.method,
      path: row.path,
      status: row.status,
      durationMs: row.durationMs,
      ip: row.ip,
      requestId: row.requestId,
      errorCode: row.errorCode,
      count: row.count,
    })),
    total,
    totalIsEstimate,
    totalIsLowerBound,
    page: filters.page,
    pageSize: filters.pageSize,
    nextCursor,
    prevCursor,
  };
}

/** Where the API logs (requests and webhook deliveries) end: the retention setting back from now. */
export async function apiLogCutoff(db: Database, now = new Date()): Promise<Date> {
  const { logRetentionDays } = await getPartnerApiSettings(db);
  return new Date(now.getTime() - logRetentionDays * 86_400_000);
}

/** The scheduled prune: drops request-log rows older than the retention setting. */
export async function pruneApiRequestLog(db: Database, now = new Date()): Promise<number> {
  return pruneRequestLog(db, await apiLogCutoff(db, now));
}
