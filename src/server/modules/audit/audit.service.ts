import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { auditLog } from './audit.schema';

/** Every audited action. Dotted: area, then what happened. */
export const auditActions = {
  signIn: 'auth.sign_in',
  signInFailed: 'auth.sign_in_failed',
  accountLocked: 'auth.account_locked',
  signOut: 'auth.sign_out',
  codeSent: 'auth.code_sent',
  codeFailed: 'auth.code_failed',
  passwordSet: 'auth.password_set',
  passwordResetRequested: 'auth.password_reset_requested',
  userInvited: 'user.invited',
  invitationResent: 'user.invitation_resent',
  userCreated: 'user.created',
  userUpdated: 'user.updated',
  roleChanged: 'user.role_changed',
  userDisabled: 'user.disabled',
  userEnabled: 'user.enabled',
  twoFactorReset: 'user.two_factor_reset',
  ipBlocked: 'security.ip_blocked',
  ipUnblocked: 'security.ip_unblocked',
  smsLoginSettingChanged: 'settings.sms_login_changed',
  mapTilesSettingChanged: 'settings.map_tiles_changed',
  settingsChanged: 'settings.changed',
  customerUpdated: 'customer.updated',
  customerValidated: 'customer.validated',
  customerRejected: 'customer.rejected',
  customerExported: 'customer.exported',
  customerAnonymised: 'customer.anonymised',
} as const;
export type AuditAction = (typeof auditActions)[keyof typeof auditActions] | (string & {});

/** Where an event came from: who did it, from which address and browser. */
export type AuditContext = {
  actorUserId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

/** One field of a data change: its name (camelCase, as in the code) and values either side. */
export type AuditFieldChange =
  | { field: string; before: unknown; after: unknown }
  | { field: string; withheld: true };

export type AuditEvent = AuditContext & {
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
  /** A data change's fields before and after; kept as `details.changes`, shown on /audit. */
  changes?: AuditFieldChange[];
};

/** The fields whose values differ between two versions of a record, in the order of `fields`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
  /** Fields whose values are personal data: the log names them but keeps no value (decision 069). */
  withheld: readonly string[] = [],
): AuditFieldChange[] {
  return fields
    .filter(
      (field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
    )
    .map((field) =>
      withheld.includes(field)
        ? { field, withheld: true as const }
        : { field, before: before[field] ?? null, after: after[field] ?? null },
    );
}

export function auditContext(request: FastifyRequest): AuditContext {
  const agent = request.headers['user-agent'];
  return {
    actorUserId: request.user?.id ?? null,
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
  };
}

/** Issue 9: caps on what one audit row stores, since much of it comes from the caller. */
export const auditLimits = {
  /** Characters kept of each text field and of each text value in details. */
  text: 500,
  /** Characters of the details JSON; beyond it, details is replaced by a truncated note. */
  detailsJson: 4000,
  /** Nesting and entries kept in details. */
  depth: 4,
  entries: 50,
} as const;

const truncated = '…';

function capText(value: string, max: number = auditLimits.text): string {
  // NUL cannot be stored in PostgreSQL text or jsonb.
  const clean = value.replaceAll('\u0000', '');
  return clean.length > max ? clean.slice(0, max - 1) + truncated : clean;
}

function capValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return capText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= auditLimits.depth) return truncated;
  if (Array.isArray(value)) {
    return value.slice(0, auditLimits.entries).map((item) => capValue(item, depth + 1));
  }
  const entries = Object.entries(value as Record<string, unknown>).slice(0, auditLimits.entries);
  return Object.fromEntries(
    entries.map(([key, item]) => [capText(key, 100), capValue(item, depth + 1)]),
  );
}

/** Details with every string cut to size, and the whole kept to a few KB. */
export function capDetails(details: Record<string, unknown> | undefined): Record<string, unknown> {
  const capped = capValue(details ?? {}, 0) as Record<string, unknown>;
  const json = JSON.stringify(capped);
  if (json.length <= auditLimits.detailsJson) return capped;
  return { truncated: true, excerpt: capText(json, auditLimits.text) };
}

const capOptional = (value: string | null | undefined) =>
  value === null || value === undefined ? null : capText(value);

/**
 * Writes one audit log row. Never pass secrets (passwords, codes, tokens) in details. Every
 * stored field is capped (auditLimits): a 100 KB phone number is not kept whole.
 */
export async function recordAudit(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    action: capText(event.action, 100),
    actorUserId: event.actorUserId ?? null,
    targetType: capOptional(event.targetType),
    targetId: capOptional(event.targetId),
    ip: capOptional(event.ip),
    userAgent: capOptional(event.userAgent),
    details: capDetails(
      event.changes && event.changes.length > 0
        ? { ...event.details, changes: event.changes }
        : event.details,
    ),
  });
}

/** How many rows of these actions one address has caused since a moment (the brute-force rule). */
export async function countActionsFromIp(
  db: Database,
  query: { actions: readonly string[]; ip: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, [...query.actions]),
        eq(auditLog.ip, query.ip),
        gt(auditLog.at, query.since),
      ),
    );
  return row?.value ?? 0;
}
