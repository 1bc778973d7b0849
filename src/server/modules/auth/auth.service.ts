import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users, type UserRow } from '../../db/schema/users';
import { AppError } from '../../errors';
import { authErrorCodes, authMessages } from '@shared/auth/auth.contracts';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { blockIpIfTooManyFailures } from '../security/blocked-ips.service';
import { findUserByEmail } from '../users/user-lookup.service';
import { verifyAgainstDummy, verifyPassword } from './password';

/** Issue 3: five failures in a row lock sign-in for 15 minutes. */
export const accountLockThreshold = 5;
export const accountLockMs = 15 * 60_000;

export const invalidCredentials = () =>
  new AppError(401, authErrorCodes.invalidCredentials, authMessages.invalidCredentials);
export const accountLocked = () =>
  new AppError(423, authErrorCodes.accountLocked, authMessages.accountLocked);

export type PasswordCheck =
  | { outcome: 'ok'; user: UserRow }
  | { outcome: 'failed' }
  | { outcome: 'locked' };

/**
 * Checks an email and password with the same work (one Argon2id verification) whether or not
 * the account exists, counts failures per account and per address, and locks or blocks when
 * the limits are reached. Throws the answer for every failure.
 */
export async function checkPassword(
  deps: AppDeps,
  email: string,
  password: string,
  context: AuditContext,
): Promise<UserRow> {
  const db = deps.database.db;
  const user = await findUserByEmail(db, email);
  const now = new Date();

  if (!user || !user.passwordHash || user.status === 'invited') {
    await verifyAgainstDummy(password);
    await failure(deps, context, null, { email, reason: user ? 'no_password' : 'unknown_email' });
    throw invalidCredentials();
  }

  const locked = user.lockedUntil && user.lockedUntil > now;
  const valid = await verifyPassword(user.passwordHash, password);

  if (locked) {
    await failure(deps, context, user.id, { email: user.email, reason: 'locked' });
    throw accountLocked();
  }

  if (!valid) {
    // Count in SQL so that parallel attempts cannot both read the old count.
    const [updated] = await db
      .update(users)
      .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLoginCount: users.failedLoginCount });
    const failures = updated?.failedLoginCount ?? accountLockThreshold;
    await failure(deps, context, user.id, {
      email: user.email,
      reason: 'wrong_password',
      failuresInARow: failures,
    });
    if (failures >= accountLockThreshold) {
      const lockedUntil = new Date(now.getTime() + accountLockMs);
      await db.update(users).set({ failedLoginCount: 0, lockedUntil }).where(eq(users.id, user.id));
      await recordAudit(db, {
        ...context,
        action: auditActions.accountLocked,
        targetType: 'user',
        targetId: user.id,
        details: { lockedUntil: lockedUntil.toISOString(), failures },
      });
      throw accountLocked();
    }
    throw invalidCredentials();
  }

  if (user.status === 'disabled') {
    await failure(deps, context, user.id, { email: user.email, reason: 'disabled' });
    throw invalidCredentials();
  }

  if (user.failedLoginCount > 0 || user.lockedUntil) {
    await db
      .update(users)
      .set({ failedLoginCount: 0, lockedUntil: null })
      .where(eq(users.id, user.id));
  }
  return user;
}

async function failure(
  deps: AppDeps,
  context: AuditContext,
  userId: string | null,
  details: Record<string, unknown>,
) {
  await recordAudit(deps.database.db, {
    ...context,
    action: auditActions.signInFailed,
    targetType: userId ? 'user' : null,
    targetId: userId,
    details,
  });
  await blockIpIfTooManyFailures(deps.database, context);
}

/** Records a completed sign-in. */
export async function recordSignIn(
  deps: AppDeps,
  user: UserRow,
  context: AuditContext,
  method: 'password' | 'email_code' | 'sms_code',
) {
  const db = deps.database.db;
  await db
    .update(users)
    .set({ lastLoginAt: new Date(), failedLoginCount: 0, lockedUntil: null })
    .where(eq(users.id, user.id));
  await recordAudit(db, {
    ...context,
    actorUserId: user.id,
    action: auditActions.signIn,
    targetType: 'user',
    targetId: user.id,
    details: { method },
  });
}
