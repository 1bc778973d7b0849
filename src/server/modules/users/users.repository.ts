import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerHandle } from '../../db/prepared';
import { users, type NewUserRow, type UserRow } from './users.schema';
import { normaliseUkMobile } from '@shared/uk-mobile';
import type { listUsersQuerySchema } from '@shared/users/users.contracts';
import type { z } from 'zod';

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  // citext: the comparison ignores case.
  const rows = await db.select().from(users).where(eq(users.email, email.trim())).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0] ?? null;
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<NewUserRow>,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

const like = (value: string) => `%${value.replace(/[%_\\]/g, '\\$&')}%`;

/** A page of users by role, status, contractor and a search over name, email and phone. */
export async function listUserRows(db: Database, query: z.output<typeof listUsersQuerySchema>) {
  const conditions: SQL[] = [];
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.contractorId) conditions.push(eq(users.contractorId, query.contractorId));
  if (query.search) {
    const term = query.search;
    const phone = normaliseUkMobile(term);
    const digits = term.replace(/\D/g, '');
    const matches: SQL[] = [
      ilike(users.email, like(term)),
      ilike(users.firstName, like(term)),
      ilike(users.lastName, like(term)),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like(term)),
    ];
    if (phone) matches.push(eq(users.phone, phone));
    // A partial number typed as 07700… matches the stored +447700…
    if (digits.length >= 4) {
      matches.push(ilike(users.phone, like(digits.startsWith('0') ? digits.slice(1) : digits)));
    }
    conditions.push(or(...matches)!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** A user's display name ("first last", trimmed; null when both are empty), by id. */
function userNamesQuery(db: Database) {
  return db
    .select({
      id: users.id,
      name: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('user_names');
}
const userNamesStatement = preparedPerHandle(userNamesQuery);

/** The names of these users (null for one without a name), one statement prepared per handle. */
export async function findUserNames(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await userNamesStatement(db).execute({ ids: [...new Set(ids)] });
  return new Map(rows.map((row) => [row.id, row.name]));
}

// Sign-in bookkeeping, for the auth module (through user-credentials.service).

export type LoginCounters = { failedLoginCount: number; lockedUntil: Date | null };

/**
 * The user's failure count and lock, read with the row locked (SELECT … FOR UPDATE) until the
 * transaction `tx` ends, so that concurrent sign-ins count one after another.
 */
export async function lockLoginCounters(
  tx: Database,
  userId: string,
): Promise<LoginCounters | null> {
  const [row] = await tx
    .select({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function setLoginCounters(tx: Database, userId: string, counters: LoginCounters) {
  await tx
    .update(users)
    .set({ failedLoginCount: counters.failedLoginCount, lockedUntil: counters.lockedUntil })
    .where(eq(users.id, userId));
}

/** Resets the failure count unless the account is locked now; answers whether it was not. */
export async function clearLoginFailuresUnlessLocked(db: Database, userId: string) {
  const cleared = await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null })
    .where(
      and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`))),
    )
    .returning({ id: users.id });
  return cleared.length > 0;
}

/** A completed sign-in: its time, and the failure count reset. */
export async function markSignedIn(db: Database, userId: string, at: Date) {
  await db
    .update(users)
    // Not the lock: a sign-in completed by a code must not lift a lock set meanwhile.
    .set({ lastLoginAt: at, failedLoginCount: 0 })
    .where(eq(users.id, userId));
}

/** A new password: its hash and time (also the row's), the given status, no failures or lock. */
export async function setUserPassword(
  db: Database,
  userId: string,
  change: { passwordHash: string; status: UserRow['status']; at: Date },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: change.passwordHash,
      status: change.status,
      passwordChangedAt: change.at,
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: change.at,
    })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** The user can take visits: an engineer, or a contractor who is an engineer too. */
export const isEngineer = sql<boolean>`(${users.role} = 'engineer' or 'engineer' = any(${users.additionalRoles}))`;

/** An engineer of a contractor company, as the dispatch board plans with them. */
export type CompanyEngineer = {
  id: string;
  firstName: string;
  lastName: string;
  status: 'invited' | 'active' | 'disabled';
  owner: boolean;
};

const companyEngineerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  owner: sql<boolean>`(${users.role} = 'contractor')`,
};

/** The company's engineers (the dual-role owner among them), and any given here by id. */
export async function listCompanyEngineers(
  db: Database,
  contractorId: string,
  alsoIds: readonly string[],
): Promise<CompanyEngineer[]> {
  const notDisabled = ne(users.status, 'disabled');
  const scope = alsoIds.length > 0 ? or(notDisabled, inArray(users.id, [...alsoIds])) : notDisabled;
  return db
    .select(companyEngineerColumns)
    .from(users)
    .where(and(eq(users.contractorId, contractorId), isEngineer, scope))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** One engineer of the company, locked so two placements for them cannot race. */
export async function lockCompanyEngineer(
  tx: Database,
  contractorId: string,
  engineerId: string,
): Promise<CompanyEngineer | null> {
  const [row] = await tx
    .select(companyEngineerColumns)
    .from(users)
    .where(and(eq(users.id, engineerId), eq(users.contractorId, contractorId), isEngineer))
    .for('update');
  return row ?? null;
}

/** Every engineer-capable user of the company, disabled ones too, by surname. */
export async function listEngineerRowsOfCompany(
  db: Database,
  contractorId: string,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.contractorId, contractorId),
        or(eq(users.role, 'engineer'), sql`'engineer' = any(${users.additionalRoles})`),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** The active back-office accounts' emails (main or additional role), for back office's alerts. */
export async function listBackOfficeEmails(db: Database) {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        or(eq(users.role, 'back_office'), sql`'back_office' = any(${users.additionalRoles})`),
      ),
    )
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}

// Who is told (issue 25, notifications and notes): active accounts only.

export type PersonRef = { id: string; name: string; email: string };

const personColumns = {
  id: users.id,
  name: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
  email: users.email,
};

/** Every active back-office account (its role or an additional role). */
export async function listBackOfficePeople(db: Database): Promise<PersonRef[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        or(eq(users.role, 'back_office'), sql`'back_office' = any(${users.additionalRoles})`),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** The active accounts acting as this contractor company (role or additional role contractor). */
export async function listContractorPeople(
  db: Database,
  contractorId: string,
): Promise<PersonRef[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        eq(users.contractorId, contractorId),
        or(eq(users.role, 'contractor'), sql`'contractor' = any(${users.additionalRoles})`),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** These accounts if active, by id. */
export async function findActivePeople(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, PersonRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.status, 'active'), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}
