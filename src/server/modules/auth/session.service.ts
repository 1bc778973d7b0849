import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../app-deps';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sessions } from './sessions.schema';
import { findSessionWithUser } from '../orders/projections/session-user.projection';
import { getSessionLimits } from '../settings/settings.service';
import type { UserRow } from '../users/user-lookup.service';
import { randomToken, sha256 } from './secrets';

export const sessionCookieName = 'uplink_session';
/** Writing last_seen_at on every request would be a write per request; once a minute is enough. */
const touchEveryMs = 60_000;

export function cookieIsSecure(config: Config) {
  return config.PUBLIC_URL.startsWith('https://');
}

export function toAuthUser(
  user: Pick<
    UserRow,
    'id' | 'role' | 'additionalRoles' | 'email' | 'firstName' | 'lastName' | 'contractorId'
  >,
  sessionId: string,
): AuthUser {
  return {
    id: user.id,
    role: user.role,
    additionalRoles: user.additionalRoles,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    contractorId: user.contractorId,
    sessionId,
  };
}

/** A new session row; answers the cookie token (only its hash is stored). */
export async function createSession(
  db: Database,
  config: Config,
  userId: string,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomToken();
  const id = sha256(token);
  const now = new Date();
  const { maxHours } = await getSessionLimits(db, config, now.getTime());
  const expiresAt = new Date(now.getTime() + maxHours * 3_600_000);
  await db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return { token, id, expiresAt };
}

/** The signed-in user for a cookie token, or null (unknown, idle too long, expired, or user not active). */
export async function loadSession(
  db: Database,
  config: Config,
  token: string,
  now = new Date(),
): Promise<AuthUser | null> {
  const id = sha256(token);
  // One statement: the session and its user (decision 076).
  const session = await findSessionWithUser(db, id);
  if (!session) return null;
  const { user } = session;
  // The limits in force now (/settings), not those of the day the session began.
  const limits = await getSessionLimits(db, config, now.getTime());
  const idleLimit = session.lastSeenAt.getTime() + limits.idleMinutes * 60_000;
  const maxLimit = session.createdAt.getTime() + limits.maxHours * 3_600_000;
  const ended = session.expiresAt <= now || idleLimit <= now.getTime() || maxLimit <= now.getTime();
  if (ended || user.status !== 'active') {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > touchEveryMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return toAuthUser(user, id);
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (disabled, password changed), optionally keeping one. */
export async function deleteUserSessions(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Housekeeping: a user's sessions past either limit (run at each sign-in). */
export async function deleteExpiredSessions(
  db: Database,
  config: Config,
  userId: string,
  now = new Date(),
) {
  const { idleMinutes } = await getSessionLimits(db, config, now.getTime());
  const idleCutoff = new Date(now.getTime() - idleMinutes * 60_000);
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)),
      ),
    );
}

export function readSessionToken(request: FastifyRequest): string | null {
  const value = request.cookies[sessionCookieName];
  return value && value.length >= 20 && value.length <= 200 ? value : null;
}

/**
 * Signs the user in on this reply: any session the browser already had is deleted and a new
 * one is made, so a session id planted before sign-in is worthless (rotation).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  config: Config,
  userId: string,
) {
  const previous = readSessionToken(request);
  if (previous) await deleteSession(db, sha256(previous));
  await deleteExpiredSessions(db, config, userId);
  const agent = request.headers['user-agent'];
  const session = await createSession(db, config, userId, {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent : null,
  });
  reply.setCookie(sessionCookieName, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(config),
    expires: session.expiresAt,
  });
  return session;
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(config),
  });
}
