// spec §6: the four roles. A user has one role and may hold additional roles.
export const roles = ['back_office', 'contractor', 'engineer', 'customer'] as const;
export type Role = (typeof roles)[number];

/** Roles that can be given to a staff account (spec §3, account setup). */
export const staffRoles = [
  'back_office',
  'contractor',
  'engineer',
] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}
