import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { preparedPerHandle } from '../../../db/prepared';
import { sessions } from '../../auth/sessions.schema';
import { users } from '../../users/users.schema';

// The auth guard's read on every /api request (decision 076): a session with the columns the
// guard needs of its user (not the password hash), in one statement rather than one per area.
// Reads only: the auth module keeps its sessions, the users module its users.

/** The statement (its one parameter, `id`, a placeholder); the bench times its SQL. */
export function sessionUserQuery(db: Database) {
  return db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        role: users.role,
        additionalRoles: users.additionalRoles,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        contractorId: users.contractorId,
        status: users.status,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1);
}

const sessionUserStatement = preparedPerHandle((db) =>
  sessionUserQuery(db).prepare('load_session_user'),
);

export type SessionWithUser = Awaited<
  ReturnType<ReturnType<typeof sessionUserStatement>['execute']>
>[number];

/** The session with this id (the cookie token's hash) and its user, or null. */
export async function findSessionWithUser(
  db: Database,
  sessionId: string,
): Promise<SessionWithUser | null> {
  return (await sessionUserStatement(db).execute({ id: sessionId }))[0] ?? null;
}
