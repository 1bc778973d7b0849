import { randomUUID } from 'node:crypto';
import type { App } from '../../src/server/app';
import type { NewUserRow, UserRow } from '../../src/server/modules/users/users.schema';
import { hashPassword } from '../../src/server/modules/auth/password';
import { createSession, sessionCookieName } from '../../src/server/modules/auth/session.service';
import { insertUser } from '../../src/server/modules/users/users.repository';
import { ensureVan } from '../../src/server/modules/stock/stock-locations.service';
import type { Role } from '@shared/roles';

/** The password every factory user has unless told otherwise. */
export const defaultTestPassword = 'correct-horse-battery-staple';

// Argon2id costs ~50 ms per hash on purpose; hash the default password once per worker.
let defaultHash: Promise<string> | undefined;
function passwordHashFor(password: string) {
  if (password !== defaultTestPassword) return hashPassword(password);
  defaultHash ??= hashPassword(defaultTestPassword);
  return defaultHash;
}

let sequence = 0;

export type UserOverrides = Partial<Omit<NewUserRow, 'passwordHash'>> & {
  /** Plain password to hash; null leaves the account without one (an invitation). */
  password?: string | null;
};

export type TestUser = UserRow & { password: string | null };

/**
 * A real user row with a real Argon2id hash: active back office by default.
 * `createUser(app, { role: 'engineer', phone: '+447700900123' })`.
 */
export async function createUser(app: App, overrides: UserOverrides = {}): Promise<TestUser> {
  sequence += 1;
  const { password = defaultTestPassword, ...values } = overrides;
  const tag = `${sequence}-${randomUUID().slice(0, 8)}`;
  const row = await insertUser(app.deps.database.db, {
    email: `user-${tag}@example.com`,
    role: 'back_office',
    firstName: 'Test',
    lastName: `User ${sequence}`,
    status: password === null ? 'invited' : 'active',
    passwordHash: password === null ? null : await passwordHashFor(password),
    ...values,
  });
  // As the users service does: an engineer has a van.
  if (row.role === 'engineer' || row.additionalRoles.includes('engineer'))
    await ensureVan(app.deps.database.db, row);
  return Object.assign(row, { password });
}

/** Headers that make `app.inject` act as this signed-in user's browser (same-origin). */
export type AuthHeaders = { cookie: string; origin: string };

/** Same-origin Origin header for anonymous state-changing requests. */
export function sameOrigin(app: App): { origin: string } {
  return { origin: app.deps.config.PUBLIC_URL };
}

/** Signs the user in by making a real session (no password round trip); answers the headers. */
export async function signIn(app: App, user: Pick<UserRow, 'id'>): Promise<AuthHeaders> {
  const session = await createSession(app.deps.database.db, app.deps.config, user.id, {
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
  return { cookie: `${sessionCookieName}=${session.token}`, ...sameOrigin(app) };
}

/** A new user with this role, signed in: `const { user, headers } = await signInAs(app, 'contractor')`. */
export async function signInAs(
  app: App,
  role: Role,
  overrides: UserOverrides = {},
): Promise<{ user: TestUser; headers: AuthHeaders }> {
  const user = await createUser(app, { role, ...overrides });
  return { user, headers: await signIn(app, user) };
}

/** The session cookie value set by a response, if any. */
export function sessionCookieFrom(response: {
  cookies: { name: string; value: string }[];
}): string | null {
  const cookie = response.cookies.find((c) => c.name === sessionCookieName);
  return cookie && cookie.value ? cookie.value : null;
}

/** Headers for a browser holding this session cookie value. */
export function withSession(app: App, token: string): AuthHeaders {
  return { cookie: `${sessionCookieName}=${token}`, ...sameOrigin(app) };
}

/** Polls until `check` answers something other than null/undefined (background jobs, deliveries). */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined>,
  { timeoutMs = 10_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Closes a test app and stops its job queue now (the setup file also closes every app after
 * its file); closing twice is harmless. Used where a worker must stop before capture servers.
 */
export async function closeTestApp(app: App & { queue: { stop(): Promise<void> } }) {
  await app.close();
  await app.queue.stop();
}
