import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { authErrorCodes, authMessages } from '@shared/auth/auth.contracts';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { blockIpIfTooManyFailures } from '../security/blocked-ips.service';
import {
  clearLoginFailuresUnlessLocked,
  lockLoginCounters,
  markSignedIn,
  setLoginCounters,
} from '../users/user-credentials.service';
import { findUserByEmail, type UserRow } from '../users/user-lookup.service';
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

  // A cheap refusal while locked; the decision that counts is the atomic one below.
  if (user.lockedUntil && user.lockedUntil > now) {
    await verifyAgainstDummy(password);
    await failure(deps, context, user.id, { email: user.email, reason: 'locked' });
    throw accountLocked();
  }
  const valid = await verifyPassword(user.passwordHash, password);

  if (!valid) {
    // Issue 9: one statement counts the failure and decides the lock against the row as it is
    // now, so parallel attempts are counted one after another (the row lock of the UPDATE).
    const outcome = await recordWrongPassword(db, user.id);
    if (outcome.alreadyLocked) {
      await failure(deps, context, user.id, { email: user.email, reason: 'locked' });
      throw accountLocked();
    }
    await failure(deps, context, user.id, {
      email: user.email,
      reason: 'wrong_password',
      failuresInARow: outcome.failures,
    });
    if (outcome.lockedNow) {
      await recordAudit(db, {
        ...context,
        action: auditActions.accountLocked,
        targetType: 'user',
        targetId: user.id,
        details: { lockedUntil: outcome.lockedUntil?.toISOString(), failures: outcome.failures },
      });
      throw accountLocked();
    }
    throw invalidCredentials();
  }

  if (user.status === 'disabled') {
    await failure(deps, context, user.id, { email: user.email, reason: 'disabled' });
    throw invalidCredentials();
  }

  // The lock is checked again after the (slow) password check, in the statement that resets
  // the count: a right password is refused if a parallel attempt locked the account meanwhile.
  if (!(await clearLoginFailuresUnlessLocked(db, user.id))) {
    await failure(deps, context, user.id, { email: user.email, reason: 'locked' });
    throw accountLocked();
  }
  return user;
}

type Db = AppDeps['database']['db'];

type WrongPasswordOutcome = {
  failures: number;
  lockedNow: boolean;
  alreadyLocked: boolean;
  lockedUntil: Date | null;
};

/**
 * Counts a wrong password and, at the threshold, locks the account, holding the user row's lock
 * (SELECT … FOR UPDATE) from reading the count to writing it: concurrent attempts are counted
 * one after another, never from the same old count. A failure while already locked changes
 * nothing. At the lock the count starts again, so the next lock needs five new failures.
 */
async function recordWrongPassword(db: Db, userId: string): Promise<WrongPasswordOutcome> {
  return inTransaction(db, async (tx) => {
    const row = await lockLoginCounters(tx, userId);
    const now = new Date();
    if (!row || (row.lockedUntil && row.lockedUntil > now)) {
      return { failures: 0, lockedNow: false, alreadyLocked: true, lockedUntil: null };
    }
    const failures = row.failedLoginCount + 1;
    const lockedNow = failures >= accountLockThreshold;
    const lockedUntil = lockedNow ? new Date(now.getTime() + accountLockMs) : row.lockedUntil;
    await setLoginCounters(tx, userId, { failedLoginCount: lockedNow ? 0 : failures, lockedUntil });
    return { failures, lockedNow, alreadyLocked: false, lockedUntil };
  });
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
  await markSignedIn(db, user.id, new Date());
  await recordAudit(db, {
    ...context,
    actorUserId: user.id,
    action: auditActions.signIn,
    targetType: 'user',
    targetId: user.id,
    details: { method },
  });
}
