import type { CurrentUser } from '@shared/auth/current-user';
import type { UserRow } from './users.schema';
import { isDualRole } from '@shared/role-routing';

// spec §6: one definition of dual-role (and of engineer-capable), in @shared/role-routing.
export { isDualRole };

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
