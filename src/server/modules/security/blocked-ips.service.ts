import { BlockList, isIP } from 'node:net';
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { blockedIps } from '../../db/schema/blocked-ips';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../errors';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
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

type Cached = { list: BlockList; loadedAt: number };
const refreshMs = 5_000;
const caches = new WeakMap<object, Cached>();

/**
 * Checked on every request, so the active entries are held in memory as a BlockList and
 * reloaded every few seconds (other processes may add entries); a change made by this process
 * clears its copy at once.
 */
export async function isIpBlocked(handle: DatabaseHandle, ip: string, now = Date.now()) {
  let cached = caches.get(handle);
  if (!cached || now - cached.loadedAt > refreshMs) {
    cached = { list: await loadBlockList(handle.db), loadedAt: now };
    caches.set(handle, cached);
  }
  const address = normaliseIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return cached.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function forgetBlockList(handle: DatabaseHandle) {
  caches.delete(handle);
}

async function loadBlockList(db: Database): Promise<BlockList> {
  const rows = await db
    .select({ ip: blockedIps.ip })
    .from(blockedIps)
    .where(or(isNull(blockedIps.expiresAt), gt(blockedIps.expiresAt, new Date())));
  const list = new BlockList();
  for (const row of rows) {
    const [address = '', prefix] = row.ip.split('/');
    const family = isIP(address);
    if (family === 0) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const full = family === 4 ? 32 : 128;
    const bits = prefix === undefined ? full : Number(prefix);
    if (bits === full) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
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
  const [row] = await db
    .select({ failures: count() })
    .from(auditLog)
    .where(
      and(inArray(auditLog.action, failureActions), eq(auditLog.ip, ip), gt(auditLog.at, since)),
    );
  if ((row?.failures ?? 0) < ipFailureLimit) return false;
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
  if (existing.length > 0) return true;
  const expiresAt = new Date(Date.now() + ipBlockDurationMs);
  const reason = `${ipFailureLimit} failed sign-in attempts within 15 minutes`;
  const [blocked] = await db
    .insert(blockedIps)
    .values({ ip, reason, source: 'automatic', expiresAt })
    .returning({ id: blockedIps.id });
  await recordAudit(db, {
    ...context,
    actorUserId: null,
    action: auditActions.ipBlocked,
    targetType: 'ip',
    targetId: ip,
    details: { reason, expiresAt: expiresAt.toISOString(), blockId: blocked?.id },
  });
  forgetBlockList(handle);
  return true;
}

export type BlockedIpEntry = {
  id: string;
  ip: string;
  reason: string;
  source: 'automatic' | 'manual';
  expiresAt: Date | null;
  createdAt: Date;
};

export async function listBlockedIps(db: Database, options: { includeExpired?: boolean } = {}) {
  const rows = await db
    .select()
    .from(blockedIps)
    .where(
      options.includeExpired
        ? undefined
        : or(isNull(blockedIps.expiresAt), gt(blockedIps.expiresAt, new Date())),
    )
    .orderBy(desc(blockedIps.createdAt));
  return rows;
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
  forgetBlockList(handle);
  return row;
}
