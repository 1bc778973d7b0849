import type { Role } from '@shared/roles';

/** How /users names the roles (the top bar's labels, spec §6, with Customer for customers). */
export const roleLabels: Record<Role, string> = {
  back_office: 'Back Office Staff',
  contractor: 'Contractor',
  engineer: 'Field Engineer',
  customer: 'Customer',
};
