// spec §4 and §6: who counts as dual-role, engineer- or contractor-capable, where the home page
// sends each user, the labels the shell shows, and which paths automatic routing leaves alone.
// Pure functions: the web passes in the device class and the saved preference.
import type { Role } from './roles';

/** The parts of the current user (GET /api/auth/user) the rules read. */
export type RoleSubject = {
  role: Role;
  additionalRoles: readonly Role[];
  /** The contractor's dual-role flag; the server, which stores none, leaves it out. */
  isDualRole?: boolean;
};

/** spec §3 and §5: the only values the stored role preference may take. */
export const rolePreferences = ['contractor', 'engineer'] as const;
export type RolePreference = (typeof rolePreferences)[number];

/** Any stored value that is not exactly contractor or engineer is ignored (spec §5). */
export function parseRolePreference(value: unknown): RolePreference | null {
  return typeof value === 'string' && (rolePreferences as readonly string[]).includes(value)
    ? (value as RolePreference)
    : null;
}

/** The role plus the additional roles. */
export function combinedRoles(user: RoleSubject): Role[] {
  return [user.role, ...user.additionalRoles.filter((role) => role !== user.role)];
}

function holds(user: RoleSubject, role: Role): boolean {
  return user.role === role || user.additionalRoles.includes(role);
}

/** spec §6: a contractor with the dual-role flag, or combined roles with contractor and engineer. */
export function isDualRole(user: RoleSubject): boolean {
  if (user.role === 'contractor' && user.isDualRole) return true;
  return holds(user, 'contractor') && holds(user, 'engineer');
}

/** spec §6: the engineer role, or a dual-role contractor. */
export function isEngineerCapable(user: RoleSubject): boolean {
  return holds(user, 'engineer') || isDualRole(user);
}

/** spec §6: the contractor or back_office role. */
export function isContractorCapable(user: RoleSubject): boolean {
  return holds(user, 'contractor') || holds(user, 'back_office');
}

export type RouteContext = {
  /** spec §9: width under 768 px or a mobile user agent. */
  isMobile: boolean;
  /** The saved role preference, already validated with parseRolePreference. */
  preference: RolePreference | null;
};

/** spec §6: the dashboard a dual-role user starts on. */
export function dualRoleDestination({ isMobile, preference }: RouteContext): RolePreference {
  if (isMobile && (preference === null || preference === 'engineer')) return 'engineer';
  if (preference !== null) return preference;
  // The suggested role: engineer on mobile, contractor on desktop, contractor as fallback.
  return isMobile ? 'engineer' : 'contractor';
}

/**
 * spec §6, "Redirect on the home page": where a signed-in user sitting on / is sent, or null
 * when they stay on the welcome page.
 */
export function homeRedirect(user: RoleSubject, context: RouteContext): string | null {
  if (user.role === 'back_office') return '/back-office';
  if (user.role === 'customer') return null;
  if (isDualRole(user)) return `/${dualRoleDestination(context)}`;
  if (isEngineerCapable(user)) return '/engineer';
  if (isContractorCapable(user)) return '/contractor';
  return null;
}

/** spec §2: paths where automatic role redirects never run. */
export const exemptPathPrefixes = [
  '/login',
  '/signup',
  '/set-password',
  '/customer/',
  '/customer-form/',
] as const;

export function isExemptPath(path: string): boolean {
  return exemptPathPrefixes.some((prefix) => path.startsWith(prefix));
}

/** spec §4: automatic routing runs once per session, signed in, exactly on /, never on exempt paths. */
export function shouldAutoRoute({
  path,
  isAuthenticated,
  alreadyRouted,
}: {
  path: string;
  isAuthenticated: boolean;
  alreadyRouted: boolean;
}): boolean {
  return isAuthenticated && !alreadyRouted && path === '/' && !isExemptPath(path);
}

/** spec §2, "Home for signed-in users": the button on the welcome page. */
export function dashboardPath(role: Role): string {
  switch (role) {
    case 'back_office':
      return '/back-office';
    case 'contractor':
      return '/contractor';
    case 'engineer':
      return '/engineer';
    default:
      return '/customer';
  }
}

/** spec §6: the top bar's role labels. */
export const topBarRoleLabels: Record<Role, string> = {
  back_office: 'Back Office Staff',
  contractor: 'Contractor',
  engineer: 'Field Engineer',
  customer: 'Customer Portal',
};

/** spec §6: the welcome page says Customer for the default. */
export function welcomeRoleLabel(role: Role): string {
  return role === 'customer' ? 'Customer' : topBarRoleLabels[role];
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/**
 * spec §2, top bar: a dual-role user on an /engineer or /contractor path may switch to the
 * other dashboard. Answers the button's label and where it leads, or null when not offered.
 */
export function roleToggle(
  user: RoleSubject,
  path: string,
): { label: string; target: RolePreference; path: string } | null {
  if (!isDualRole(user)) return null;
  if (isUnder(path, '/engineer')) {
    return { label: 'Change to Contractor mode', target: 'contractor', path: '/contractor' };
  }
  if (isUnder(path, '/contractor')) {
    return { label: 'Change to Engineer mode', target: 'engineer', path: '/engineer' };
  }
  return null;
}
