import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { NewUserRow, UserRow } from './users.schema';
import { AppError, conflict, notFound } from '../../errors';
import { errorCodes } from '@shared/error-codes';
import { normaliseUkMobile } from '@shared/uk-mobile';
import type { Role } from '@shared/roles';
import {
  inviteUserRequestSchema,
  listUsersQuerySchema,
  updateUserRequestSchema,
  userErrorCodes,
  userMessages,
  type InviteUserRequest,
  type ListUsersQuery,
  type UpdateUserRequest,
  type UserSummary,
} from '@shared/users/users.contracts';
import {
  auditActions,
  changedFields,
  recordAudit,
  type AuditContext,
} from '../audit/audit.service';
import {
  assertAcceptablePassword,
  hashPassword,
  sendInvitation,
} from '../auth/password-tokens.service';
import { deleteUserSessions } from '../auth/session.service';
import { contractorExists } from '../contractors/contractor-lookup.service';
import { ensureVan } from '../stock/stock-locations.service';
import { isDualRole } from './current-user';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  listUserRows,
  updateUser,
} from './users.repository';

type Deps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>;

export function toUserSummary(user: UserRow): UserSummary {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    additionalRoles: user.additionalRoles,
    isDualRole: isDualRole(user),
    companyName: user.companyName,
    phone: user.phone,
    contractorId: user.contractorId,
    status: user.status,
    twoFactorMethod: user.twoFactorMethod,
    lockedUntil:
      user.lockedUntil && user.lockedUntil > new Date() ? user.lockedUntil.toISOString() : null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export async function listUsers(db: Database, rawQuery: ListUsersQuery) {
  const query = listUsersQuerySchema.parse(rawQuery);
  const { rows, total } = await listUserRows(db, query);
  return { users: rows, total, page: query.page, pageSize: query.pageSize };
}

export async function getUser(db: Database, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('User not found');
  return user;
}

/** Additional roles never repeat the main role. */
function cleanAdditionalRoles(role: Role, additional: Role[]): Role[] {
  return [...new Set(additional)].filter((r) => r !== role);
}

async function assertEmailFree(db: Database, email: string, exceptId?: string) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.id !== exceptId) {
    throw new AppError(409, userErrorCodes.emailTaken, userMessages.emailTaken, {
      email: [userMessages.emailTaken],
    });
  }
}

async function assertPhoneFree(db: Database, phone: string | null, exceptId?: string) {
  if (!phone) return;
  const existing = await findUserByPhone(db, phone);
  if (existing && existing.id !== exceptId) {
    throw new AppError(409, userErrorCodes.phoneTaken, userMessages.phoneTaken, {
      phone: [userMessages.phoneTaken],
    });
  }
}

async function assertContractorExists(db: Database, contractorId: string | null | undefined) {
  if (!contractorId) return;
  if (!(await contractorExists(db, contractorId))) {
    throw new AppError(400, errorCodes.validation, 'contractorId: No such contractor', {
      contractorId: ['No such contractor'],
    });
  }
}

function actorName(actor: { firstName: string; lastName: string } | null) {
  return actor ? `${actor.firstName} ${actor.lastName}`.trim() || null : null;
}

/** Back office invites a user: an invited account and the set-password email (7-day link). */
export async function inviteUser(
  deps: Deps,
  rawInput: InviteUserRequest,
  context: AuditContext,
): Promise<{ user: UserRow; link: string }> {
  const db = deps.database.db;
  const values = await newUserValues(db, inviteUserRequestSchema.parse(rawInput));
  const user = await insertAudited(db, { ...values, status: 'invited' }, context, 'userInvited');
  const actor = context.actorUserId ? await findUserById(db, context.actorUserId) : null;
  const link = await sendInvitation(deps, user, context, actorName(actor));
  return { user, link };
}

/** The CLI's `user:create`: an active account with a password, no email sent. */
export async function createActiveUser(
  deps: Deps,
  input: Omit<InviteUserRequest, 'twoFactorMethod'> & {
    password: string;
    twoFactorMethod?: 'none' | 'email';
  },
  context: AuditContext,
): Promise<UserRow> {
  const { password, ...rest } = input;
  const parsed = inviteUserRequestSchema.parse(rest);
  assertAcceptablePassword(password);
  const db = deps.database.db;
  const values = await newUserValues(db, parsed);
  return insertAudited(
    db,
    {
      ...values,
      status: 'active',
      passwordHash: await hashPassword(password),
      passwordChangedAt: new Date(),
    },
    context,
    'userCreated',
  );
}

/** A new account's row from the invitation form, once its email, mobile and company are checked. */
async function newUserValues(
  db: Database,
  input: ReturnType<typeof inviteUserRequestSchema.parse>,
): Promise<Omit<NewUserRow, 'status'>> {
  const phone = input.phone ? normaliseUkMobile(input.phone) : null;
  await assertEmailFree(db, input.email);
  await assertPhoneFree(db, phone);
  await assertContractorExists(db, input.contractorId);
  return {
    email: input.email,
    role: input.role,
    additionalRoles: cleanAdditionalRoles(input.role, input.additionalRoles),
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName ?? null,
    phone,
    contractorId: input.contractorId ?? null,
    twoFactorMethod: input.twoFactorMethod,
  };
}

/** An engineer has a van (issue 20): made with the account, or when it becomes an engineer. */
async function vanIfEngineer(tx: Database, user: UserRow) {
  if (user.role === 'engineer' || user.additionalRoles.includes('engineer')) {
    await ensureVan(tx, user);
  }
}

/** Inserts the account and its audit entry in one transaction. */
function insertAudited(
  db: Database,
  values: NewUserRow,
  context: AuditContext,
  action: 'userInvited' | 'userCreated',
): Promise<UserRow> {
  return inTransaction(db, async (tx) => {
    const user = await insertUser(tx, values);
    await vanIfEngineer(tx, user);
    await recordAudit(tx, {
      ...context,
      action: auditActions[action],
      targetType: 'user',
      targetId: user.id,
      details: { email: user.email, role: user.role, additionalRoles: user.additionalRoles },
    });
    return user;
  });
}

export async function updateUserDetails(
  deps: Deps,
  id: string,
  rawInput: UpdateUserRequest,
  context: AuditContext,
): Promise<UserRow> {
  const input = updateUserRequestSchema.parse(rawInput);
  const db = deps.database.db;
  const user = await getUser(db, id);
  const changes: Partial<NewUserRow> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.companyName !== undefined) changes.companyName = input.companyName;
  if (input.contractorId !== undefined) {
    await assertContractorExists(db, input.contractorId);
    changes.contractorId = input.contractorId;
  }
  if (input.twoFactorMethod !== undefined) changes.twoFactorMethod = input.twoFactorMethod;
  if (input.phone !== undefined) {
    changes.phone = input.phone ? normaliseUkMobile(input.phone) : null;
    await assertPhoneFree(db, changes.phone ?? null, id);
  }
  const role = input.role ?? user.role;
  if (input.role !== undefined || input.additionalRoles !== undefined) {
    changes.role = role;
    changes.additionalRoles = cleanAdditionalRoles(
      role,
      input.additionalRoles ?? user.additionalRoles,
    );
  }
  if (id === context.actorUserId && changes.role && changes.role !== 'back_office') {
    throw conflict(errorCodes.cannotDemoteSelf, 'You cannot remove your own back-office role');
  }
  return inTransaction(db, async (tx) => {
    const updated = (await updateUser(tx, id, changes))!;
    await vanIfEngineer(tx, updated);
    const roleChanged =
      updated.role !== user.role ||
      updated.additionalRoles.join(',') !== user.additionalRoles.join(',');
    const changed = Object.keys(changes).filter(
      (key) =>
        JSON.stringify(user[key as keyof UserRow]) !==
        JSON.stringify(updated[key as keyof UserRow]),
    );
    if (roleChanged) {
      await recordAudit(tx, {
        ...context,
        action: auditActions.roleChanged,
        targetType: 'user',
        targetId: id,
        details: {
          from: { role: user.role, additionalRoles: user.additionalRoles },
          to: { role: updated.role, additionalRoles: updated.additionalRoles },
        },
      });
    }
    const other = changed.filter((key) => key !== 'role' && key !== 'additionalRoles');
    if (other.length > 0) {
      await recordAudit(tx, {
        ...context,
        action: auditActions.userUpdated,
        targetType: 'user',
        targetId: id,
        details: { fields: other },
        changes: changedFields(user, updated, other as (keyof UserRow & string)[]),
      });
    }
    return updated;
  });
}

export async function disableUser(deps: Deps, id: string, context: AuditContext) {
  const db = deps.database.db;
  const before = await getUser(db, id);
  if (id === context.actorUserId) {
    throw conflict(userErrorCodes.cannotDisableSelf, userMessages.cannotDisableSelf);
  }
  return inTransaction(db, async (tx) => {
    const updated = (await updateUser(tx, id, { status: 'disabled' }))!;
    await deleteUserSessions(tx, id);
    await recordAudit(tx, {
      ...context,
      action: auditActions.userDisabled,
      targetType: 'user',
      targetId: id,
      changes: changedFields(before, updated, ['status']),
    });
    return updated;
  });
}

export async function enableUser(deps: Deps, id: string, context: AuditContext) {
  const db = deps.database.db;
  const user = await getUser(db, id);
  const status = user.passwordHash ? 'active' : 'invited';
  return inTransaction(db, async (tx) => {
    const updated = (await updateUser(tx, id, { status, failedLoginCount: 0, lockedUntil: null }))!;
    await recordAudit(tx, {
      ...context,
      action: auditActions.userEnabled,
      targetType: 'user',
      targetId: id,
      details: { status },
      changes: changedFields(user, updated, ['status']),
    });
    return updated;
  });
}

export async function resetTwoFactor(deps: Deps, id: string, context: AuditContext) {
  const db = deps.database.db;
  await getUser(db, id);
  return inTransaction(db, async (tx) => {
    const updated = (await updateUser(tx, id, { twoFactorMethod: 'none' }))!;
    await recordAudit(tx, {
      ...context,
      action: auditActions.twoFactorReset,
      targetType: 'user',
      targetId: id,
    });
    return updated;
  });
}

export async function resendInvitation(deps: Deps, id: string, context: AuditContext) {
  const db = deps.database.db;
  const user = await getUser(db, id);
  if (user.status !== 'invited') throw conflict(userErrorCodes.notInvited, userMessages.notInvited);
  const actor = context.actorUserId ? await findUserById(db, context.actorUserId) : null;
  const link = await sendInvitation(deps, user, context, actorName(actor));
  await recordAudit(db, {
    ...context,
    action: auditActions.invitationResent,
    targetType: 'user',
    targetId: id,
  });
  return { user, link };
}

/** The CLI's `user:disable` by email. */
export async function disableUserByEmail(deps: Deps, email: string, context: AuditContext) {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user) throw notFound(`No user with the email address ${email}`);
  return disableUser(deps, user.id, context);
}
