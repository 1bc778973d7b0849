import type { CurrentUser } from '@shared/auth/current-user';
import type { UserRow } from '../../db/schema/users';

/** spec §6: a dual-role user is a contractor who is also an engineer. */
export function isDualRole(user: Pick<UserRow, 'role' | 'additionalRoles'>): boolean {
  const all = new Set([user.role, ...user.additionalRoles]);
  return all.has('contractor') && all.has('engineer');
}

/** spec §6: engineer role, or a dual-role contractor. */
export function isEngineerCapable(user: Pick<UserRow, 'role' | 'additionalRoles'>): boolean {
  return user.role === 'engineer' || (user.role === 'contractor' && isDualRole(user));
}

/** spec §3: the GET /api/auth/user answer. */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    role: user.role,
    additionalRoles: user.additionalRoles,
    isDualRole: isDualRole(user),
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    email: user.email,
    contractorId: user.contractorId,
  };
}
