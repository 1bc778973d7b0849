import { BlockList, isIP } from 'node:net';
import { parseIpRange } from '@shared/partner-api/ip-range';
import { and, desc, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { blockedIps } from './security.schema';
import { inTransaction } from '../../db/transaction';
import { badRequest, notFound } from '../../errors';
import {
  auditActions,
  countActionsFromIp,
  recordAudit,
  type AuditContext,
} from '../audit/audit.service';
import { findUserNames } from '../users/user-lookup.service';
import { expireBlock } from './blocked-ips.repository';

/** Issue 3: 20 failures from one address in 15 minutes block it for an hour. */
export const ipFailureLimit = 20;
export const ipFailureWindowMs = 15 * 60_000;
export const ipBlockDurationMs = 60 * 60_000;

/** The audit actions that count as a failed sign-in from an address. */
export const failureActions = [auditActions.signInFailed, auditActions.codeFailed];

/** `::ffff:1.2.3.4` (IPv4 seen through an IPv6 socket) → `1.2.3.4`. */
export function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * Issue 14: a block applies to the whole app at once, on every server. So the check asks the
 * database on every request (one indexed `inet` containment query, `ip >>= address`) instead of
 * a per-process copy that another server's change would leave stale (decision 045).
 */
export async function isIpBlocked(handle: DatabaseHandle, ip: string): Promise<boolean> {
  const address = normaliseIp(ip);
  if (isIP(address) === 0) return false;
  const rows = await handle.db
    .select({ id: blockedIps.id })
    .from(blockedIps)
    .where(
      and(
        sql`${blockedIps.ip} >>= ${address}::inet`,
        or(isNull(blockedIps.expiresAt), gt(blockedIps.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * After a failure has been audited: when the address has reached the limit, block it for an
 * hour (once) and audit that. Answers true when the address is now blocked.
 */
export async function blockIpIfTooManyFailures(
  handle: DatabaseHandle,
  context: AuditContext,
): Promise<boolean> {
  const ip = context.ip ? normaliseIp(context.ip) : null;
  if (!ip || isIP(ip) === 0) return false;
  const db = handle.db;
  const since = new Date(Date.now() - ipFailureWindowMs);
  const failures = await countActionsFromIp(db, { actions: failureActions, ip, since });
  if (failures < ipFailureLimit) return false;
  await blockIpAutomatically(handle, {
    ip,
    reason: `${ipFailureLimit} failed sign-in attempts within 15 minutes`,
    durationMs: ipBlockDurationMs,
    context,
  });
  return true;
}

/**
 * An automatic block (a brute-force rule reached its limit): the address goes on the list for
 * `durationMs`, audited, unless it is blocked already. Shared by the sign-in rule and the
 * partner API's rule for bad keys (issue 18).
 */
export async function blockIpAutomatically(
  handle: DatabaseHandle,
  block: { ip: string; reason: string; durationMs: number; context: AuditContext },
): Promise<void> {
  const ip = normaliseIp(block.ip);
  if (isIP(ip) === 0) return;
  const db = handle.db;
  const existing = await db
    .select({ id: blockedIps.id })
    .from(blockedIps)
    .where(
      and(
        sql`${blockedIps.ip} = ${ip}::inet`,
        or(isNull(blockedIps.expiresAt), gt(blockedIps.expiresAt, new Date())),
      ),
    )
    .limit(1);
  if (existing.length > 0) return;
  const expiresAt = new Date(Date.now() + block.durationMs);
  const [blocked] = await db
    .insert(blockedIps)
    .values({ ip, reason: block.reason, source: 'automatic', expiresAt })
    .returning({ id: blockedIps.id });
  await recordAudit(db, {
    ...block.context,
    actorUserId: null,
    action: auditActions.ipBlocked,
    targetType: 'ip',
    targetId: ip,
    details: { reason: block.reason, expiresAt: expiresAt.toISOString(), blockId: blocked?.id },
  });
}

export type BlockedIpEntry = {
  id: string;
  ip: string;
  reason: string;
  source: 'automatic' | 'manual';
  expiresAt: Date | null;
  createdAt: Date;
};

/** The blocks (active ones unless asked), newest first, with the name of who made each. */
export async function listBlockedIps(db: Database, options: { includeExpired?: boolean } = {}) {
  const rows = await db
    .select({
      id: blockedIps.id,
      ip: blockedIps.ip,
      reason: blockedIps.reason,
      source: blockedIps.source,
      expiresAt: blockedIps.expiresAt,
      createdAt: blockedIps.createdAt,
      createdById: blockedIps.createdBy,
    })
    .from(blockedIps)
    .where(
      options.includeExpired
        ? undefined
        : or(isNull(blockedIps.expiresAt), gt(blockedIps.expiresAt, new Date())),
    )
    .orderBy(desc(blockedIps.createdAt));
  const names = await findUserNames(
    db,
    rows.flatMap((row) => (row.createdById ? [row.createdById] : [])),
  );
  return rows.map(({ createdById, ...row }) => ({
    ...row,
    createdBy: createdById ? (names.get(createdById) ?? null) : null,
  }));
}

/** Back office lifts a block: it ends now, and the change and its audit row commit together. */
export async function unblockIp(handle: DatabaseHandle, id: string, context: AuditContext) {
  const row = await inTransaction(handle.db, async (tx) => {
    const expired = await expireBlock(tx, id, new Date());
    if (!expired) throw notFound('Blocked address not found');
    await recordAudit(tx, {
      ...context,
      action: auditActions.ipUnblocked,
      targetType: 'ip',
      targetId: expired.ip,
      details: { blockId: expired.id, reason: expired.reason },
    });
    return expired;
  });
  return row;
}

/** Whether the address lies in the range (`10.0.0.0/8`, `2001:db8::/32`, or one address). */
export function rangeHolds(range: string, address: string): boolean {
  const parsed = parseIpRange(range);
  const family = isIP(address);
  if (!parsed || family === 0) return false;
  const list = new BlockList();
  list.addSubnet(parsed.address, parsed.bits, parsed.family === 4 ? 'ipv4' : 'ipv6');
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Back office blocks an address or a CIDR range (IPv4 or IPv6) with a reason, for some hours or
 * until removed. Every server refuses it from the next request on (the check reads the table).
 * Refuses a range that holds the caller's own address, so nobody locks themselves out.
 */
export async function blockIp(
  handle: DatabaseHandle,
  input: { ip: string; reason: string; expiresInHours: number | null },
  context: AuditContext,
) {
  const range = input.ip.trim();
  const own = context.ip ? normaliseIp(context.ip) : null;
  if (own && rangeHolds(range, own)) {
    throw badRequest(`${range} holds your own address (${own}); you would lock yourself out`, {
      ip: ['This range holds your own address'],
    });
  }
  const expiresAt =
    input.expiresInHours === null ? null : new Date(Date.now() + input.expiresInHours * 3_600_000);
  return inTransaction(handle.db, async (tx) => {
    const [blocked] = await tx
      .insert(blockedIps)
      .values({
        ip: range,
        reason: input.reason,
        source: 'manual',
        expiresAt,
        createdBy: context.actorUserId ?? null,
      })
      .returning();
    await recordAudit(tx, {
      ...context,
      action: auditActions.ipBlocked,
      targetType: 'ip',
      targetId: blocked!.ip,
      details: {
        reason: input.reason,
        expiresAt: expiresAt?.toISOString() ?? null,
        blockId: blocked!.id,
      },
    });
    return blocked!;
  });
}
