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

/** Where every change to blocked_ips is announced (the trigger of migration 0019). */
export const blockedIpsChannel = 'blocked_ips_changed';
/** The list is read again at least this often, whatever the notifications say. */
export const blockedListRefreshMs = 5_000;

/** A blocked address or range as bytes: `bits` leading bits of `bytes` must match. */
type BlockedRange = { bytes: Uint8Array; bits: number; expiresAt: number | null };

type BlockedList = {
  /** Listening: the list in memory is current. Otherwise every check asks the database. */
  listening: boolean;
  starting: Promise<void> | null;
  ranges: BlockedRange[] | null;
  readAt: number;
  /** Bumped by every change announced; a read begun before a change is not kept. */
  generation: number;
  /** After a failed or lost listener, no new attempt before this time. */
  retryAt: number;
};

const lists = new WeakMap<DatabaseHandle, BlockedList>();

/** An IPv4 or IPv6 address (IPv4 inside IPv6 too) as its 4 or 16 bytes; null if not one. */
export function addressBytes(address: string): Uint8Array | null {
  const family = isIP(address);
  if (family === 4) return Uint8Array.from(address.split('.').map(Number));
  if (family !== 6) return null;
  let text = address.split('%')[0]!;
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    tail.push(...v4[1]!.split('.').map(Number));
    text = text.slice(0, -v4[1]!.length) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 255;
  });
  if (tail.length === 4) bytes.set(tail, 12);
  return bytes;
}

/** PostgreSQL's `range >>= address` for inet: same family, and the range's leading bits equal. */
function rangeContains(range: BlockedRange, address: Uint8Array, now: number): boolean {
  if (range.expiresAt !== null && range.expiresAt <= now) return false;
  if (range.bytes.length !== address.length) return false;
  const whole = range.bits >> 3;
  for (let i = 0; i < whole; i += 1) if (range.bytes[i] !== address[i]) return false;
  const rest = range.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (range.bytes[whole]! & mask) === (address[whole]! & mask);
}

function listOf(handle: DatabaseHandle): BlockedList {
  let list = lists.get(handle);
  if (!list) {
    list = {
      listening: false,
      starting: null,
      ranges: null,
      readAt: 0,
      generation: 0,
      retryAt: 0,
    };
    lists.set(handle, list);
  }
  return list;
}

/**
 * A change this process made: its list is read again on the next check, at once (other
 * processes hear of it from the trigger's notification).
 */
function forgetBlockedList(handle: DatabaseHandle) {
  const list = lists.get(handle);
  if (!list) return;
  list.generation += 1;
  list.ranges = null;
}

/** Starts listening for changes once per handle; until it does, checks ask the database. */
function listen(handle: DatabaseHandle, list: BlockedList) {
  if (list.listening || list.starting || Date.now() < list.retryAt) return;
  const changed = () => {
    list.generation += 1;
    list.ranges = null;
  };
  list.starting = handle
    .listen(blockedIpsChannel, changed, () => {
      // Notifications may be missed from now on: back to the database on every check, and
      // listening again a little later.
      list.listening = false;
      list.retryAt = Date.now() + blockedListRefreshMs;
      changed();
    })
    .then(
      () => {
        changed();
        list.listening = true;
      },
      () => {
        list.retryAt = Date.now() + blockedListRefreshMs;
      },
    )
    .finally(() => {
      list.starting = null;
    });
}

/** The active blocks (expiring ones with their end), read from the database. */
async function readBlockedRanges(handle: DatabaseHandle): Promise<BlockedRange[]> {
  const rows = await handle.db
    .select({
      address: sql<string>`host(${blockedIps.ip})`,
      bits: sql<number>`masklen(${blockedIps.ip})`,
      expiresAt: blockedIps.expiresAt,
    })
    .from(blockedIps)
    .where(or(isNull(blockedIps.expiresAt), gt(blockedIps.expiresAt, sql`now()`)));
  return rows.flatMap((row) => {
    const bytes = addressBytes(row.address);
    return bytes
      ? [{ bytes, bits: Number(row.bits), expiresAt: row.expiresAt?.getTime() ?? null }]
      : [];
  });
}

async function blockedRanges(handle: DatabaseHandle, list: BlockedList, now: number) {
  if (list.ranges && now - list.readAt < blockedListRefreshMs && now >= list.readAt) {
    return list.ranges;
  }
  const generation = list.generation;
  const ranges = await readBlockedRanges(handle);
  // A change announced while this read ran: use what was read for this request, keep nothing.
  if (generation === list.generation) {
    list.ranges = ranges;
    list.readAt = now;
  }
  return ranges;
}

/**
 * Issue 14: a block applies to the whole app at once, on every server; the database decides.
 * Each process holds the active blocks in memory and listens for changes: a trigger announces
 * every change to blocked_ips (from any connection) when it commits, and the list is read again
 * at least every few seconds. Until the process listens (or when its listening connection is
 * lost), every check asks the database: one indexed `inet` containment query (decision 076).
 */
export async function isIpBlocked(handle: DatabaseHandle, ip: string): Promise<boolean> {
  const address = normaliseIp(ip);
  if (isIP(address) === 0) return false;
  const list = listOf(handle);
  if (!list.listening) {
    listen(handle, list);
    return isIpBlockedInDatabase(handle, address);
  }
  const bytes = addressBytes(address);
  if (!bytes) return false;
  const now = Date.now();
  return (await blockedRanges(handle, list, now)).some((range) => rangeContains(range, bytes, now));
}

/**
 * Where this process's checks are answered now: from the list in memory (listening for
 * changes), or by the database (not yet listening). Starts listening if it does not yet.
 */
export async function blockedListSource(handle: DatabaseHandle): Promise<'memory' | 'database'> {
  const list = listOf(handle);
  if (!list.listening) listen(handle, list);
  await list.starting;
  return list.listening ? 'memory' : 'database';
}

/** The check as the database answers it (`ip >>= address`), without the list in memory. */
export async function isIpBlockedInDatabase(handle: DatabaseHandle, ip: string): Promise<boolean> {
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
 * Announces a change to the blocked list that the trigger cannot see (a restore that loads the
 * table before the trigger exists): every process reads the list again.
 */
export async function announceBlockedIpsChanged(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${blockedIpsChannel}, '')`);
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
  forgetBlockedList(handle);
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
  forgetBlockedList(handle);
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
  const row = await inTransaction(handle.db, async (tx) => {
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
  forgetBlockedList(handle);
  return row;
}
