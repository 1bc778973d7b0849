import { and, count, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { authCodes, type AuthCodePurpose } from './auth-codes.schema';
import { AppError } from '../../errors';
import { commonErrorCodes } from '@shared/api-error';
import { authErrorCodes, authMessages, smsCodeValiditySeconds } from '@shared/auth/auth.contracts';
import { normaliseUkMobile } from '@shared/uk-mobile';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { queueMessage } from '../messages/messages.service';
import { blockIpIfTooManyFailures } from '../security/blocked-ips.service';
import { isSmsLoginEnabled } from '../settings/settings.service';
import { isEngineerCapable } from '@shared/role-routing';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  type UserRow,
} from '../users/user-lookup.service';
import { smsLoginText, twoFactorEmail } from './auth.templates';
import { hashCode, randomCode, randomToken, sameHash, sha256 } from './secrets';

/** Issue 3: email codes live 10 minutes, SMS codes 300 s (spec §9); 5 wrong tries void a code. */
export const twoFactorCodeTtlMs = 10 * 60_000;
export const smsCodeTtlMs = smsCodeValiditySeconds * 1000;
export const maxCodeAttempts = 5;
/** At most 3 SMS codes per number per 10 minutes, and 10 per address. */
export const smsPerNumberLimit = 3;
export const smsPerIpLimit = 10;
export const smsLimitWindowMs = 10 * 60_000;

export const invalidCode = () =>
  new AppError(401, authErrorCodes.invalidCode, authMessages.invalidCode);
const expiredCode = () => new AppError(401, authErrorCodes.invalidCode, authMessages.codeExpired);
export const smsDisabled = () =>
  new AppError(403, authErrorCodes.smsDisabled, authMessages.smsDisabled);

type Deps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>;

/** Voids every open code of one kind for a user or destination (a new code voids the old). */
async function voidOpenCodes(
  deps: Deps,
  purpose: AuthCodePurpose,
  where: { userId?: string; destination?: string },
) {
  await deps.database.db
    .update(authCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(authCodes.purpose, purpose),
        isNull(authCodes.consumedAt),
        where.userId ? eq(authCodes.userId, where.userId) : undefined,
        where.destination ? eq(authCodes.destination, where.destination) : undefined,
      ),
    );
}

/**
 * Email two-factor, after a correct password: a code bound to this sign-in attempt. Answers
 * the attempt token, which the browser keeps in a short-lived httpOnly cookie.
 */
export async function issueTwoFactorCode(
  deps: Deps,
  user: UserRow,
  context: AuditContext,
): Promise<{ attemptToken: string; expiresAt: Date }> {
  const attemptToken = randomToken();
  const code = randomCode();
  const expiresAt = new Date(Date.now() + twoFactorCodeTtlMs);
  await voidOpenCodes(deps, 'two_factor_email', { userId: user.id });
  await deps.database.db.insert(authCodes).values({
    purpose: 'two_factor_email',
    userId: user.id,
    destination: user.email,
    codeHash: hashCode(deps.config.SESSION_SECRET, code),
    attemptHash: sha256(attemptToken),
    expiresAt,
    ip: context.ip ?? null,
  });
  const email = twoFactorEmail(code);
  await queueMessage(deps, {
    channel: 'email',
    kind: 'two_factor_code',
    to: user.email,
    subject: email.subject,
    body: email.body,
    sensitive: true,
    relatedType: 'user',
    relatedId: user.id,
  });
  await recordAudit(deps.database.db, {
    ...context,
    actorUserId: user.id,
    action: auditActions.codeSent,
    targetType: 'user',
    targetId: user.id,
    details: { channel: 'email', purpose: 'two_factor' },
  });
  return { attemptToken, expiresAt };
}

/**
 * Whether a code of this kind for this destination (SMS) or user (email) can still be used:
 * neither used nor expired at `now`. The messages log shows a code only while it can.
 */
export async function hasOpenCode(
  db: Database,
  code:
    | { purpose: 'sms_login'; destination: string }
    | { purpose: 'two_factor_email'; userId: string },
  now: Date,
): Promise<boolean> {
  const [open] = await db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(
      and(
        code.purpose === 'sms_login'
          ? and(eq(authCodes.purpose, 'sms_login'), eq(authCodes.destination, code.destination))
          : and(eq(authCodes.purpose, 'two_factor_email'), eq(authCodes.userId, code.userId)),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return !!open;
}

async function codeFailure(
  deps: Deps,
  context: AuditContext,
  details: Record<string, unknown>,
  userId: string | null,
) {
  await recordAudit(deps.database.db, {
    ...context,
    action: auditActions.codeFailed,
    targetType: userId ? 'user' : null,
    targetId: userId,
    details,
  });
  await blockIpIfTooManyFailures(deps.database, context);
}

/**
 * Checks a code against the newest open code row: expired or worn-out codes fail, a wrong code
 * counts a try (the fifth voids it), a right one is consumed exactly once.
 */
async function consumeCode(
  deps: Deps,
  row: typeof authCodes.$inferSelect | undefined,
  code: string,
  context: AuditContext,
  details: Record<string, unknown>,
  userId: string | null = null,
): Promise<typeof authCodes.$inferSelect> {
  const db = deps.database.db;
  if (!row || !row.codeHash) {
    await codeFailure(deps, context, { ...details, reason: 'no_open_code' }, row?.userId ?? userId);
    throw invalidCode();
  }
  if (row.expiresAt <= new Date()) {
    await db.update(authCodes).set({ consumedAt: new Date() }).where(eq(authCodes.id, row.id));
    await codeFailure(deps, context, { ...details, reason: 'expired' }, row.userId);
    throw expiredCode();
  }
  // Issue 9: a try is taken from the code's allowance before the comparison, in one UPDATE …
  // RETURNING that only succeeds while the code is open, in date and not worn out. Concurrent
  // tries queue on the row, so a code is compared at most maxCodeAttempts times in all.
  const [taken] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(
      and(
        eq(authCodes.id, row.id),
        isNull(authCodes.consumedAt),
        gt(authCodes.expiresAt, sql`now()`),
        lt(authCodes.attempts, maxCodeAttempts),
      ),
    )
    .returning({ attempts: authCodes.attempts });
  if (!taken) {
    await codeFailure(deps, context, { ...details, reason: 'worn_out' }, row.userId);
    throw invalidCode();
  }
  const attempts = taken.attempts;
  if (!sameHash(row.codeHash, hashCode(deps.config.SESSION_SECRET, code))) {
    if (attempts >= maxCodeAttempts) {
      await db.update(authCodes).set({ consumedAt: new Date() }).where(eq(authCodes.id, row.id));
    }
    await codeFailure(deps, context, { ...details, reason: 'wrong_code', attempts }, row.userId);
    throw invalidCode();
  }
  // Single use even under a race: only one request can flip consumed_at from null.
  const consumed = await db
    .update(authCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  if (consumed.length === 0) {
    await codeFailure(deps, context, { ...details, reason: 'already_used' }, row.userId);
    throw invalidCode();
  }
  return row;
}

export async function verifyTwoFactorCode(
  deps: Deps,
  input: { email: string; code: string; attemptToken: string | null },
  context: AuditContext,
): Promise<UserRow> {
  const db = deps.database.db;
  const user = await findUserByEmail(db, input.email);
  const details = { channel: 'email', purpose: 'two_factor' };
  if (!user || !input.attemptToken) {
    await codeFailure(deps, context, { ...details, reason: 'no_attempt' }, user?.id ?? null);
    throw invalidCode();
  }
  const [row] = await db
    .select()
    .from(authCodes)
    .where(
      and(
        eq(authCodes.purpose, 'two_factor_email'),
        eq(authCodes.userId, user.id),
        eq(authCodes.attemptHash, sha256(input.attemptToken)),
        isNull(authCodes.consumedAt),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  await consumeCode(deps, row, input.code, context, details, user.id);
  if (user.status !== 'active') throw invalidCode();
  return user;
}

const tooManyCodes = () =>
  new AppError(
    429,
    commonErrorCodes.rateLimited,
    'Too many codes requested. Please wait a few minutes and try again.',
  );

/** spec §7: the same answer whether or not the number belongs to an account. */
export const smsCodeSentMessage =
  'If this number is registered for SMS sign-in, a verification code is on its way.';

export async function requestSmsCode(deps: Deps, phoneInput: string, context: AuditContext) {
  if (!(await isSmsLoginEnabled(deps))) throw smsDisabled();
  const phone = normaliseUkMobile(phoneInput);
  if (!phone) throw invalidCode();
  const db = deps.database.db;
  const since = new Date(Date.now() - smsLimitWindowMs);
  const [perNumber] = await db
    .select({ value: count() })
    .from(authCodes)
    .where(
      and(
        eq(authCodes.purpose, 'sms_login'),
        eq(authCodes.destination, phone),
        gt(authCodes.createdAt, since),
      ),
    );
  if ((perNumber?.value ?? 0) >= smsPerNumberLimit) throw tooManyCodes();
  if (context.ip) {
    const [perIp] = await db
      .select({ value: count() })
      .from(authCodes)
      .where(
        and(
          eq(authCodes.purpose, 'sms_login'),
          eq(authCodes.ip, context.ip),
          gt(authCodes.createdAt, since),
        ),
      );
    if ((perIp?.value ?? 0) >= smsPerIpLimit) throw tooManyCodes();
  }

  const user = await findUserByPhone(db, phone);
  const eligible = user && user.status === 'active' && isEngineerCapable(user) ? user : null;
  await voidOpenCodes(deps, 'sms_login', { destination: phone });
  const code = randomCode();
  // A row even for numbers without an account, so the per-number limit answers the same.
  await db.insert(authCodes).values({
    purpose: 'sms_login',
    userId: eligible?.id ?? null,
    destination: phone,
    codeHash: eligible ? hashCode(deps.config.SESSION_SECRET, code) : null,
    expiresAt: new Date(Date.now() + smsCodeTtlMs),
    ip: context.ip ?? null,
  });
  if (eligible) {
    await queueMessage(deps, {
      channel: 'sms',
      kind: 'sms_login_code',
      to: phone,
      body: smsLoginText(code),
      sensitive: true,
      relatedType: 'user',
      relatedId: eligible.id,
    });
  }
  await recordAudit(db, {
    ...context,
    action: eligible ? auditActions.codeSent : 'auth.sms_code_not_sent',
    targetType: eligible ? 'user' : null,
    targetId: eligible?.id ?? null,
    details: eligible
      ? { channel: 'sms', purpose: 'sign_in', to: phone }
      : {
          channel: 'sms',
          purpose: 'sign_in',
          to: phone,
          reason: user ? 'not_eligible' : 'unknown_number',
        },
  });
  return { message: smsCodeSentMessage, expiresInSeconds: smsCodeValiditySeconds };
}

export async function verifySmsCode(
  deps: Deps,
  input: { phone: string; code: string },
  context: AuditContext,
): Promise<UserRow> {
  if (!(await isSmsLoginEnabled(deps))) throw smsDisabled();
  const db = deps.database.db;
  const phone = normaliseUkMobile(input.phone);
  const details = { channel: 'sms', purpose: 'sign_in', to: phone ?? input.phone };
  if (!phone) {
    await codeFailure(deps, context, { ...details, reason: 'not_a_uk_mobile' }, null);
    throw invalidCode();
  }
  const [row] = await db
    .select()
    .from(authCodes)
    .where(
      and(
        eq(authCodes.purpose, 'sms_login'),
        eq(authCodes.destination, phone),
        isNull(authCodes.consumedAt),
        isNotNull(authCodes.userId),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  const consumed = await consumeCode(deps, row, input.code, context, details);
  const user = consumed.userId ? await findUserById(db, consumed.userId) : null;
  if (!user || user.status !== 'active' || !isEngineerCapable(user) || user.phone !== phone) {
    throw invalidCode();
  }
  return user;
}
