import type { AppDeps, AuthUser } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import {
  contractorEngineerErrorCodes,
  contractorEngineerMessages,
  inviteEngineerRequest,
  updateEngineerRequest,
  type ContractorEngineer,
  type EngineerVisit,
  type InviteEngineerRequest,
  type UpdateEngineerRequest,
} from '@shared/contractor-engineers/contractor-engineers.contracts';
import { userErrorCodes, userMessages } from '@shared/users/users.contracts';
import { visitToMove } from '@shared/contractor-engineers/visit-labels';
import { isDualRole, isEngineerCapable } from '@shared/role-routing';
import type { AuditContext } from '../audit/audit.service';
import { findContractorForOrder } from '../contractors/contractor-lookup.service';
import {
  disableUser,
  enableUser,
  inviteUser,
  listUsers,
  resendInvitation,
  updateUserDetails,
} from '../users/users.service';
import { findUserById, type UserRow } from '../users/user-lookup.service';
import { futureVisitsByEngineer } from '../orders/projections/engineer-future-visits.projection';
import { londonDateOf } from '@shared/london-date';

type Deps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>;
type Actor = Pick<AuthUser, 'id' | 'contractorId'>;

/** The signed-in contractor's company, or a 409 saying the account is linked to none. */
async function companyOf(db: Database, actor: Actor) {
  const company = actor.contractorId ? await findContractorForOrder(db, actor.contractorId) : null;
  if (!company) {
    throw conflict(
      contractorEngineerErrorCodes.noContractorCompany,
      contractorEngineerMessages.noCompany,
    );
  }
  return company;
}

/** An engineer of the company: engineer-capable and linked to it. Anyone else is not found. */
const isEngineerOf = (user: UserRow, contractorId: string) =>
  user.contractorId === contractorId && isEngineerCapable(user);

const engineerNotFound = () => notFound('Engineer not found');

async function scopedEngineer(db: Database, actor: Actor, id: string) {
  const company = await companyOf(db, actor);
  const user = await findUserById(db, id);
  if (!user || !isEngineerOf(user, company.id)) throw engineerNotFound();
  return user;
}

function toEngineer(
  user: UserRow,
  actor: Actor,
  futureVisits: EngineerVisit[],
): ContractorEngineer {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    status: user.status,
    isDualRole: isDualRole(user),
    isSelf: user.id === actor.id,
    canDisable: user.role === 'engineer' && user.id !== actor.id,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    futureVisits,
  };
}

async function present(db: Database, user: UserRow, actor: Actor, now: Date) {
  const visits = await futureVisitsByEngineer(db, [user.id], londonDateOf(now));
  return toEngineer(user, actor, visits.get(user.id) ?? []);
}

/** The company's engineers (the dual-role owner among them), each with their visits to come. */
export async function listCompanyEngineers(db: Database, actor: Actor, now = new Date()) {
  const company = await companyOf(db, actor);
  // A company has tens of engineers, not hundreds; the users list caps a page at 200.
  const { users } = await listUsers(db, { contractorId: company.id, pageSize: 200 });
  const engineers = users.filter((user) => isEngineerOf(user, company.id));
  const visits = await futureVisitsByEngineer(
    db,
    engineers.map((user) => user.id),
    londonDateOf(now),
  );
  return {
    company: { id: company.id, name: company.name },
    items: engineers.map((user) => toEngineer(user, actor, visits.get(user.id) ?? [])),
  };
}

/** Invites an engineer into the contractor's own company: the /users invitation, scoped. */
export async function inviteCompanyEngineer(
  deps: Deps,
  actor: Actor,
  rawInput: InviteEngineerRequest,
  context: AuditContext,
) {
  const input = inviteEngineerRequest.parse(rawInput);
  const company = await companyOf(deps.database.db, actor);
  const { user } = await inviteUser(
    deps,
    {
      ...input,
      role: 'engineer',
      additionalRoles: [],
      contractorId: company.id,
      companyName: company.name,
      twoFactorMethod: 'none',
    },
    context,
  );
  return toEngineer(user, actor, []);
}

/** Names and the phone for SMS sign-in; nothing else is the contractor's to change. */
export async function updateCompanyEngineer(
  deps: Deps,
  actor: Actor,
  id: string,
  rawInput: UpdateEngineerRequest,
  context: AuditContext,
  now = new Date(),
) {
  const input = updateEngineerRequest.parse(rawInput);
  await scopedEngineer(deps.database.db, actor, id);
  const user = await updateUserDetails(deps, id, input, context);
  return present(deps.database.db, user, actor, now);
}

function assertCanToggle(actor: Actor, user: UserRow) {
  if (user.id === actor.id) {
    throw conflict(userErrorCodes.cannotDisableSelf, userMessages.cannotDisableSelf);
  }
  if (user.role !== 'engineer') {
    throw conflict(
      contractorEngineerErrorCodes.contractorAccount,
      contractorEngineerMessages.contractorAccount,
    );
  }
}

/**
 * Disables an engineer and ends their sessions, but only once none of their visits from today
 * on is left: the refusal names each visit to move first (on the dispatch board).
 */
export async function disableCompanyEngineer(
  deps: Deps,
  actor: Actor,
  id: string,
  context: AuditContext,
  now = new Date(),
) {
  const db = deps.database.db;
  const user = await scopedEngineer(db, actor, id);
  assertCanToggle(actor, user);
  const visits = (await futureVisitsByEngineer(db, [id], londonDateOf(now))).get(id) ?? [];
  if (visits.length > 0) {
    const described = visits.map(visitToMove);
    throw new AppError(
      409,
      contractorEngineerErrorCodes.engineerHasFutureVisits,
      `${contractorEngineerMessages.hasFutureVisits}: ${described.join('; ')}`,
      { visits: described },
    );
  }
  const disabled = await disableUser(deps, id, context);
  return toEngineer(disabled, actor, []);
}

export async function enableCompanyEngineer(
  deps: Deps,
  actor: Actor,
  id: string,
  context: AuditContext,
  now = new Date(),
) {
  const db = deps.database.db;
  const user = await scopedEngineer(db, actor, id);
  assertCanToggle(actor, user);
  return present(db, await enableUser(deps, id, context), actor, now);
}

export async function resendCompanyInvitation(
  deps: Deps,
  actor: Actor,
  id: string,
  context: AuditContext,
  now = new Date(),
) {
  await scopedEngineer(deps.database.db, actor, id);
  const { user } = await resendInvitation(deps, id, context);
  return present(deps.database.db, user, actor, now);
}
