import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { passwordTokens, type PasswordTokenPurpose } from './tokens.schema';
import { AppError, badRequest } from '../../errors';
import { authErrorCodes, authMessages } from '@shared/auth/auth.contracts';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { queueMessage } from '../messages/messages.service';
import { setUserPassword } from '../users/user-credentials.service';
import { findUserByEmail, findUserById, type UserRow } from '../users/user-lookup.service';
import { invitationEmail, passwordResetEmail } from './auth.templates';
import { hashPassword, passwordProblem } from './password';
import { randomToken, sha256 } from './secrets';
import { deleteUserSessions } from './session.service';

/** PRODUCT.md: set-password links last 7 days, reset links 1 hour. */
export const tokenLifetimesMs: Record<PasswordTokenPurpose, number> = {
  invitation: 7 * 24 * 3_600_000,
  reset: 3_600_000,
};
/** Reset emails per account per hour, so the form cannot be used to flood a mailbox. */
const resetEmailsPerHour = 3;

export const invalidToken = () =>
  new AppError(400, authErrorCodes.invalidToken, authMessages.invalidToken);

type Deps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>;

/** A new single-use link token (256 bits; only its hash is kept). Earlier open ones are voided. */
export async function issuePasswordToken(
  db: Database,
  userId: string,
  purpose: PasswordTokenPurpose,
  createdBy: string | null,
): Promise<string> {
  const token = randomToken();
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
  await db.insert(passwordTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + tokenLifetimesMs[purpose]),
    createdBy,
  });
  return token;
}

export function setPasswordLink(config: AppDeps['config'], token: string) {
  return `${config.PUBLIC_URL}/set-password?token=${encodeURIComponent(token)}`;
}

/** The open, unexpired token and its (not disabled) user, or null. */
export async function findValidToken(db: Database, token: string) {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, sha256(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) return null;
  const user = await findUserById(db, row.userId);
  if (!user || user.status === 'disabled') return null;
  return { token: row, user };
}

/**
 * Whether the user has a link of this kind that can still be used: neither used nor expired at
 * `now`. The messages log shows a link only while it can.
 */
export async function hasOpenPasswordToken(
  db: Database,
  userId: string,
  purpose: PasswordTokenPurpose,
  now: Date,
): Promise<boolean> {
  const [open] = await db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return !!open;
}

/** Sends (or re-sends) the invitation email with a fresh 7-day link. Answers the link. */
export async function sendInvitation(
  deps: Deps,
  user: UserRow,
  context: AuditContext,
  invitedBy: string | null,
): Promise<string> {
  const token = await issuePasswordToken(
    deps.database.db,
    user.id,
    'invitation',
    context.actorUserId ?? null,
  );
  const link = setPasswordLink(deps.config, token);
  const email = invitationEmail({
    firstName: user.firstName,
    role: user.role,
    companyName: user.companyName,
    link,
    invitedBy,
  });
  await queueMessage(deps, {
    channel: 'email',
    kind: 'invitation',
    to: user.email,
    subject: email.subject,
    body: email.body,
    sensitive: true,
    relatedType: 'user',
    relatedId: user.id,
  });
  return link;
}

/** Forgotten password: a 1-hour link by email. Says nothing about whether the account exists. */
export async function requestPasswordReset(
  deps: Deps,
  emailAddress: string,
  context: AuditContext,
) {
  const db = deps.database.db;
  const user = await findUserByEmail(db, emailAddress);
  const details: Record<string, unknown> = { email: emailAddress };
  if (user && user.status !== 'disabled') {
    const [recent] = await db
      .select({ value: count() })
      .from(passwordTokens)
      .where(
        and(
          eq(passwordTokens.userId, user.id),
          gt(passwordTokens.createdAt, new Date(Date.now() - 3_600_000)),
        ),
      );
    if ((recent?.value ?? 0) < resetEmailsPerHour) {
      if (user.status === 'invited') {
        await sendInvitation(deps, user, context, null);
        details.sent = 'invitation';
      } else {
        const token = await issuePasswordToken(db, user.id, 'reset', null);
        const email = passwordResetEmail({
          firstName: user.firstName,
          link: setPasswordLink(deps.config, token),
        });
        await queueMessage(deps, {
          channel: 'email',
          kind: 'password_reset',
          to: user.email,
          subject: email.subject,
          body: email.body,
          sensitive: true,
          relatedType: 'user',
          relatedId: user.id,
        });
        details.sent = 'reset';
      }
    } else {
      details.sent = 'none: hourly limit reached';
    }
  } else {
    details.sent = user ? 'none: account disabled' : 'none: unknown email';
  }
  await recordAudit(db, {
    ...context,
    action: auditActions.passwordResetRequested,
    targetType: user ? 'user' : null,
    targetId: user?.id ?? null,
    details,
  });
}

/** Refuses a new password that is too short, too long, or among the most common. */
export function assertAcceptablePassword(password: string) {
  const problem = passwordProblem(password);
  if (!problem) return;
  if (problem === 'common') {
    throw new AppError(400, authErrorCodes.weakPassword, authMessages.commonPassword, {
      password: [authMessages.commonPassword],
    });
  }
  const message =
    problem === 'too_short' ? authMessages.passwordTooShort : authMessages.passwordTooLong;
  throw badRequest(`password: ${message}`, { password: [message] });
}

/**
 * spec §7 set-password: uses the token once, stores the Argon2id hash, activates an invited
 * account, and ends every session the user had.
 */
export async function setPasswordWithToken(
  deps: Deps,
  input: { token: string; password: string },
  context: AuditContext,
): Promise<UserRow> {
  const db = deps.database.db;
  const found = await findValidToken(db, input.token);
  if (!found) throw invalidToken();
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const updated = await inTransaction(db, async (tx) => {
    const used = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.id, found.token.id), isNull(passwordTokens.usedAt)))
      .returning({ id: passwordTokens.id });
    if (used.length === 0) throw invalidToken();
    const user = await setUserPassword(tx, found.user.id, {
      passwordHash,
      status: found.user.status === 'invited' ? 'active' : found.user.status,
      at: now,
    });
    await deleteUserSessions(tx, user!.id);
    await recordAudit(tx, {
      ...context,
      actorUserId: context.actorUserId ?? user!.id,
      action: auditActions.passwordSet,
      targetType: 'user',
      targetId: user!.id,
      details: { via: found.token.purpose, activated: found.user.status === 'invited' },
    });
    return user!;
  });
  return updated;
}

/** For the users module, which sets passwords from the CLI. */
export { hashPassword };
