import type { Role } from '@shared/roles';

/** spec §4: where a successful email/password (or two-factor) sign-in goes. */
export function pathAfterLogin(role: Role): string {
  switch (role) {
    case 'back_office':
      return '/';
    case 'contractor':
      return '/contractor';
    case 'engineer':
      return '/engineer';
    default:
      return '/';
  }
}

/** spec §4: a successful SMS sign-in sends an engineer to /engineer and everyone else to /. */
export function pathAfterSmsLogin(role: Role): string {
  return role === 'engineer' ? '/engineer' : '/';
}
