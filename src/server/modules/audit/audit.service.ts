import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

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
  customerUpdated: 'customer.updated',
  customerValidated: 'customer.validated',
  customerRejected: 'customer.rejected',
} as const;
export type AuditAction = (typeof auditActions)[keyof typeof auditActions] | (string & {});

/** Where an event came from: who did it, from which address and browser. */
export type AuditContext = {
  actorUserId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

export type AuditEvent = AuditContext & {
  action: AuditAction;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
};

export function auditContext(request: FastifyRequest): AuditContext {
  const agent = request.headers['user-agent'];
  return {
    actorUserId: request.user?.id ?? null,
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
  };
}

/** Writes one audit log row. Never pass secrets (passwords, codes, tokens) in details. */
export async function recordAudit(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
    details: event.details ?? {},
  });
}
