import {
  auditCsvHeader,
  auditMessages,
  chartLimits,
  type AuditChartsResponse,
  type AuditEntry,
  type AuditFilters,
  type ChartInterval,
} from '@shared/audit/audit.contracts';
import {
  auditActionLabel,
  auditActorLine,
  auditChangeLine,
  auditChanges,
  auditFactLine,
  auditFacts,
  auditTargetLine,
} from '@shared/audit/audit-words';
import type { Database } from '../../db/client';
import type { CursorCodec } from '../../db/keyset';
import { badRequest } from '../../errors';
import { findUserNames } from '../users/user-lookup.service';
import {
  auditChartRows,
  auditPageRows,
  type AuditKey,
  type AuditPageRow,
} from './audit.repository';
import { auditActions } from './audit.service';
import { londonDateOf } from '@shared/london-date';

// Reading the audit log (/audit, issue 21). The log itself is written by recordAudit only.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Empty filter fields mean no filter. */
function cleanFilters(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as AuditFilters;
}

/** The log's cursors: the shared signed keyset cursor (db/keyset.ts) over (at, id). */
const auditList = 'audit';
function decodeAuditCursor(codec: CursorCodec, cursor: string): AuditKey {
  const { direction, key } = codec.decode(auditList, cursor, 2);
  const [at, id] = key;
  if (direction !== 'after' || !at || !id) {
    throw badRequest(auditMessages.invalidCursor, { cursor: [auditMessages.invalidCursor] });
  }
  return { at, id };
}

async function toEntries(db: Database, rows: AuditPageRow[]): Promise<AuditEntry[]> {
  // One lookup names the actors and the users acted on.
  const userIds = rows.flatMap((row) => [
    row.actorUserId,
    row.targetType === 'user' ? row.targetId : null,
  ]);
  const names = await findUserNames(
    db,
    [...new Set(userIds)].filter((id): id is string => !!id && uuidPattern.test(id)),
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    actor: row.actorUserId
      ? {
          id: row.actorUserId,
          name: names.has(row.actorUserId)
            ? (names.get(row.actorUserId) ?? 'User without a name')
            : 'Removed user',
        }
      : null,
    targetType: row.targetType,
    targetId: row.targetId,
    target: auditTargetLine(
      row.targetType,
      row.targetId,
      row.targetType === 'user' && row.targetId ? names.get(row.targetId) : null,
    ),
    ip: row.ip,
    userAgent: row.userAgent,
    changes: auditChanges(row.details),
    facts: auditFacts(row.details),
    details: row.details,
  }));
}

export async function listAudit(
  db: Database,
  codec: CursorCodec,
  query: AuditFilters & { cursor?: string; limit: number },
) {
  const { cursor, limit, ...filters } = query;
  const after = cursor ? decodeAuditCursor(codec, cursor) : undefined;
  const rows = await auditPageRows(db, cleanFilters(filters), { after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await toEntries(db, page),
    nextCursor:
      rows.length > limit && last
        ? codec.encode(auditList, { direction: 'after', key: [last.atKey, last.id] })
        : null,
  };
}

function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvBatch = 1000;

/** The filtered range as CSV lines, newest first, read a batch at a time (streamed). */
export async function* auditCsvLines(db: Database, rawFilters: AuditFilters) {
  const filters = cleanFilters(rawFilters);
  yield auditCsvHeader.map(csvCell).join(',') + '\r\n';
  let after: AuditKey | undefined;
  for (;;) {
    const rows = await auditPageRows(db, filters, { after, limit: csvBatch });
    if (rows.length === 0) return;
    const entries = await toEntries(db, rows);
    yield entries
      .map((entry) =>
        [
          entry.at,
          auditActorLine(entry),
          entry.actionLabel,
          entry.target,
          entry.targetId,
          entry.ip,
          entry.changes.map(auditChangeLine).join('; '),
          entry.facts.map(auditFactLine).join('; '),
          entry.userAgent,
        ]
          .map(csvCell)
          .join(','),
      )
      .join('\r\n') + '\r\n';
    if (rows.length < csvBatch) return;
    const last = rows.at(-1)!;
    after = { at: last.atKey, id: last.id };
  }
}

export const chartedActions = {
  signIns: auditActions.signIn,
  signInFailures: auditActions.signInFailed,
  lockouts: auditActions.accountLocked,
  ipBlocks: auditActions.ipBlocked,
} as const;

/** Sign-ins, failures, lockouts and IP blocks per London day or hour; the last 30 days unless asked. */
export async function auditCharts(
  db: Database,
  query: { from?: string; to?: string; interval: ChartInterval },
  now = new Date(),
): Promise<AuditChartsResponse> {
  const to = query.to ?? londonDateOf(now);
  const span = query.interval === 'hour' ? 1 : 30;
  const from =
    query.from ?? londonDateOf(new Date(Date.parse(`${to}T12:00:00Z`) - (span - 1) * 86_400_000));
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  if (days < 1)
    throw badRequest(auditMessages.rangeBackwards, { to: [auditMessages.rangeBackwards] });
  if (days > chartLimits[query.interval]) {
    throw badRequest(auditMessages.chartRangeTooLong, { from: [auditMessages.chartRangeTooLong] });
  }
  const keyOf = new Map<string, keyof typeof chartedActions>(
    Object.entries(chartedActions).map(([key, action]) => [
      action,
      key as keyof typeof chartedActions,
    ]),
  );
  const rows = await auditChartRows(db, {
    from,
    to,
    interval: query.interval,
    actions: Object.values(chartedActions),
  });
  const buckets = new Map<string, AuditChartsResponse['buckets'][number]>();
  for (const row of rows) {
    const bucket = buckets.get(row.start) ?? {
      start: row.start,
      signIns: 0,
      signInFailures: 0,
      lockouts: 0,
      ipBlocks: 0,
    };
    const key = row.action ? keyOf.get(row.action) : undefined;
    if (key) bucket[key] += Number(row.n ?? 0);
    buckets.set(row.start, bucket);
  }
  return { interval: query.interval, from, to, buckets: [...buckets.values()] };
}
