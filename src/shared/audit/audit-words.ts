import { londonMomentWords } from '../london-date';
import { orderStatusLabels, type OrderStatus } from '../orders/order-status';
import type { AuditChange, AuditFact } from './audit.contracts';

/** What each known action is called on /audit; others are spelled out from their name. */
export const auditActionLabels: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.account_locked': 'Account locked',
  'auth.sign_out': 'Signed out',
  'auth.code_sent': 'Sign-in code sent',
  'auth.code_failed': 'Sign-in code wrong',
  'auth.password_set': 'Password set',
  'auth.password_reset_requested': 'Password reset requested',
  'user.invited': 'User invited',
  'user.invitation_resent': 'Invitation resent',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.role_changed': 'User role changed',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'user.two_factor_reset': 'Two-factor reset',
  'security.ip_blocked': 'IP address blocked',
  'security.ip_unblocked': 'IP address unblocked',
  'settings.sms_login_changed': 'SMS sign-in setting changed',
  'settings.map_tiles_changed': 'Map tile server changed',
  'settings.changed': 'Settings changed',
  'backup.created': 'Backup made',
  'backup.deleted': 'Backup deleted',
  'backup.restored': 'Backup restored',
  'backup.restore_failed': 'Restore failed',
  'backup.schedule_changed': 'Backup schedule changed',
  'partner_api.key_created': 'API key created',
  'partner_api.key_revoked': 'API key revoked',
  'partner_api.settings_changed': 'API settings changed',
  'customer.updated': 'Customer updated',
  'customer.validated': 'Customer validated',
  'customer.rejected': 'Customer rejected',
  'customer.exported': 'Customer data exported',
  'customer.anonymised': 'Customer anonymised',
  'order.created': 'Order created',
  'order.note_added': 'Order note added',
};

/** What each kind of target is called on /audit. */
export const auditTargetTypeLabels: Record<string, string> = {
  user: 'User',
  customer: 'Customer',
  order: 'Order',
  setting: 'Setting',
  ip: 'IP address',
  backup: 'Backup',
  partner_api_key: 'API key',
};

/**
 * A target in words: its kind, then its name where one is known (a user's), else its id.
 * "user" + "Olivia Office" → "User: Olivia Office"; "ip" + "203.0.113.9" → "IP address: 203.0.113.9".
 */
export function auditTargetLine(
  targetType: string | null,
  targetId: string | null,
  name?: string | null,
): string | null {
  if (!targetType) return null;
  const kind = auditTargetTypeLabels[targetType] ?? capitalise(targetType.replaceAll('_', ' '));
  const what = name ?? targetId;
  return what ? `${kind}: ${what}` : kind;
}

/** What the system does by itself when requests cross a line (decision 045): no one chose it. */
const automaticActions = new Set(['auth.account_locked', 'security.ip_blocked']);

/**
 * Who did it, in words: the user; else "Not signed in" for a request from someone without a
 * session (a failed sign-in, a password reset asked for); else "System" (a scheduled job, the
 * command line, or a lock or block the system made itself).
 */
export function auditActorLine(entry: {
  actor: { name: string } | null;
  action: string;
  ip: string | null;
}): string {
  if (entry.actor) return entry.actor.name;
  if (entry.ip && !automaticActions.has(entry.action)) return 'Not signed in';
  return 'System';
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "order.reschedule_requested" → "Order: reschedule requested". */
export function auditActionLabel(action: string): string {
  const known = auditActionLabels[action];
  if (known) return known;
  const [area, ...rest] = action.split('.');
  const what = rest.join(' ').replaceAll('_', ' ');
  return what ? `${capitalise(area ?? '')}: ${what}` : capitalise(action.replaceAll('_', ' '));
}

const fieldLabels: Record<string, string> = {
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  additionalRoles: 'Additional roles',
  twoFactorMethod: 'Two-factor method',
  smsOptOut: 'No text messages',
  tileUrl: 'Map tile server',
  contractorId: 'Contractor',
  enabled: 'Enabled',
  status: 'Status',
  email: 'Email',
  phone: 'Phone',
  ip: 'IP address',
};

/** "additionalRoles" → "Additional roles". */
export function auditFieldLabel(field: string): string {
  const known = fieldLabels[field];
  if (known) return known;
  return capitalise(
    field
      .replaceAll('_', ' ')
      .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
      .toLowerCase(),
  );
}

const roleWords: Record<string, string> = {
  back_office: 'Back office',
  contractor: 'Contractor',
  engineer: 'Engineer',
  customer: 'Customer',
};

/** A stored value in words: nothing is "(none)", yes/no for flags, lists joined. */
export function auditValueWords(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    return value.length === 0 ? '(none)' : value.map((v) => auditValueWords(v, field)).join(', ');
  }
  // A record that could not be followed field by field, by its values: "1 High Street Exeter".
  if (typeof value === 'object') {
    const parts = Object.values(value as Record<string, unknown>)
      .filter((v) => v !== null && v !== undefined && v !== '')
      .map((v) => (typeof v === 'object' ? auditValueWords(v) : String(v)));
    return parts.length === 0 ? '(none)' : parts.join(' ');
  }
  const text = String(value);
  if (field === 'role' || field === 'additionalRoles') return roleWords[text] ?? text;
  if (field === 'status' && text in orderStatusLabels) {
    return orderStatusLabels[text as OrderStatus];
  }
  return text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function change(
  field: string,
  before: unknown,
  after: unknown,
  withheld = false,
  label = auditFieldLabel(field),
): AuditChange {
  if (withheld) return { field: label, before: '', after: '', withheld: true };
  return {
    field: label,
    before: auditValueWords(before, field),
    after: auditValueWords(after, field),
  };
}

/**
 * Each field that differs between two records; a field that is itself a record on both sides is
 * followed into, its fields named by their path ("Slots › Am › Start: 08:00 → 08:30").
 */
function changedFields(
  from: Record<string, unknown>,
  to: Record<string, unknown>,
  path: string[] = [],
): AuditChange[] {
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .flatMap((key) => {
      const [before, after] = [from[key], to[key]];
      if (isRecord(before) && isRecord(after)) return changedFields(before, after, [...path, key]);
      const label = [...path, key].map(auditFieldLabel).join(' › ');
      return [change(key, before, after, false, label)];
    });
}

/** The record before and the record after, where the details hold a whole one of each. */
function beforeAndAfter(details: Record<string, unknown>) {
  if (isRecord(details.from) && isRecord(details.to)) return [details.from, details.to] as const;
  if (isRecord(details.before) && isRecord(details.after))
    return [details.before, details.after] as const;
  return null;
}

/**
 * The fields a row's details say changed, in words. Rows carry `changes` (a list of field, before,
 * after); other shapes are read too: `from`/`to` objects (role changes), `before`/`after` objects
 * (a settings section saved whole) and an order event's `fromStatus`/`toStatus`.
 */
export function auditChanges(details: Record<string, unknown>): AuditChange[] {
  const listed = details.changes;
  if (Array.isArray(listed)) {
    return listed
      .filter(isRecord)
      .filter((item) => typeof item.field === 'string')
      .map((item) => change(item.field as string, item.before, item.after, item.withheld === true));
  }
  const pair = beforeAndAfter(details);
  if (pair) return changedFields(...pair);
  if (details.toStatus && details.fromStatus !== details.toStatus) {
    return [change('status', details.fromStatus, details.toStatus)];
  }
  return [];
}

/** "Status: Received → Validated"; a personal field only says that it changed. */
export const auditChangeLine = (item: AuditChange) =>
  item.withheld
    ? `${item.field}: changed (personal data, not kept in the log)`
    : `${item.field}: ${item.before} → ${item.after}`;

/**
 * The keys of an entry's details that its changes already say (auditChanges), and `before` and
 * `after` lists, which a list's `added` and `removed` say shorter.
 */
const changeKeys = new Set(['changes', 'from', 'to', 'before', 'after', 'fromStatus', 'toStatus']);

/** Codes that are not words with their first letter raised. */
const codeWords: Record<string, string> = { sms: 'SMS' };

/** A code in a detail ("wrong_password", "two_factor") in words; anything else as it is. */
function detailValueWords(key: string, value: unknown): string {
  if (typeof value === 'string' && codeWords[value]) return codeWords[value];
  if (key === 'fields' && Array.isArray(value)) {
    return value.length === 0 ? '(none)' : value.map((v) => auditFieldLabel(String(v))).join(', ');
  }
  if (typeof value === 'string') {
    if (/^[a-z]+(_[a-z]+)*$/.test(value)) return capitalise(value.replaceAll('_', ' '));
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) {
      return `${londonMomentWords(new Date(value))} (UK time)`;
    }
  }
  return auditValueWords(value, key);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a detail says something in words: not empty, not a bare id, not said already. */
function isFact(
  key: string,
  value: unknown,
  details: Record<string, unknown>,
  pair: ReturnType<typeof beforeAndAfter>,
): boolean {
  if (changeKeys.has(key) || value === null || value === undefined) return false;
  if (typeof value === 'string' && uuidPattern.test(value)) return false;
  // The names of the changed fields, where the changes list them with their values.
  if (key === 'fields' && Array.isArray(details.changes)) return false;
  // A field the before and after records hold: the changes say it.
  if (pair && (key in pair[0] || key in pair[1])) return false;
  return true;
}

/**
 * Everything else an entry's details record, in words, in the order they were written: the email
 * a failed sign-in tried, its reason, the failures in a row, a lock's end. What auditChanges
 * already says is left out, and so are empty details and bare ids. A record saved with nothing
 * changed says so.
 */
export function auditFacts(details: Record<string, unknown>): AuditFact[] {
  const pair = beforeAndAfter(details);
  const facts = Object.entries(details)
    .filter(([key, value]) => isFact(key, value, details, pair))
    .map(([key, value]) => ({ label: auditFieldLabel(key), value: detailValueWords(key, value) }));
  // A record saved as it was: said, rather than an entry that seems to have lost its changes.
  if (pair && changedFields(...pair).length === 0) return [unchanged, ...facts];
  return facts;
}

const unchanged: AuditFact = { label: 'Changes', value: 'None (saved as it was)' };

/** "Reason: Unknown email". */
export const auditFactLine = (fact: AuditFact) => `${fact.label}: ${fact.value}`;
