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
  'customer.updated': 'Customer updated',
  'customer.validated': 'Customer validated',
  'customer.rejected': 'Customer rejected',
  'order.created': 'Order created',
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
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (field === 'role' || field === 'additionalRoles') return roleWords[text] ?? text;
  if (field === 'status' && text in orderStatusLabels) {
    return orderStatusLabels[text as OrderStatus];
  }
  return text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function change(field: string, before: unknown, after: unknown, withheld = false): AuditChange {
  if (withheld) return { field: auditFieldLabel(field), before: '', after: '', withheld: true };
  return {
    field: auditFieldLabel(field),
    before: auditValueWords(before, field),
    after: auditValueWords(after, field),
  };
}

/**
 * The fields a row's details say changed, in words. Rows carry `changes` (a list of field, before,
 * after); older shapes are read too: `from`/`to` objects (role changes) and an order event's
 * `fromStatus`/`toStatus`.
 */
export function auditChanges(details: Record<string, unknown>): AuditChange[] {
  const listed = details.changes;
  if (Array.isArray(listed)) {
    return listed
      .filter(isRecord)
      .filter((item) => typeof item.field === 'string')
      .map((item) => change(item.field as string, item.before, item.after, item.withheld === true));
  }
  if (isRecord(details.from) && isRecord(details.to)) {
    const from = details.from;
    const to = details.to;
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys
      .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
      .map((key) => change(key, from[key], to[key]));
  }
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

/** The keys of an entry's details that its changes already say (auditChanges). */
const changeKeys = new Set(['changes', 'from', 'to', 'fromStatus', 'toStatus']);

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
function isFact(key: string, value: unknown, details: Record<string, unknown>): boolean {
  if (changeKeys.has(key) || value === null || value === undefined) return false;
  if (typeof value === 'string' && uuidPattern.test(value)) return false;
  // The names of the changed fields, where the changes list them with their values.
  if (key === 'fields' && Array.isArray(details.changes)) return false;
  return true;
}

/**
 * Everything else an entry's details record, in words, in the order they were written: the email
 * a failed sign-in tried, its reason, the failures in a row, a lock's end. What auditChanges
 * already says is left out, and so are empty details and bare ids.
 */
export function auditFacts(details: Record<string, unknown>): AuditFact[] {
  return Object.entries(details)
    .filter(([key, value]) => isFact(key, value, details))
    .map(([key, value]) => ({ label: auditFieldLabel(key), value: detailValueWords(key, value) }));
}

/** "Reason: Unknown email". */
export const auditFactLine = (fact: AuditFact) => `${fact.label}: ${fact.value}`;
