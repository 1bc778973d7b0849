import type { Database } from '../../../db/client';
import { findUserById } from '../../users/user-lookup.service';

/** The engineer chosen for a visit, as the lifecycle's engineer rule reads it. */
export async function loadEngineer(
  tx: Database,
  engineerId: string | undefined,
  contractorId: string | null,
) {
  if (!engineerId) return null;
  const user = await findUserById(tx, engineerId);
  if (!user) return { belongsToContractor: false, active: false };
  const roles = [user.role, ...user.additionalRoles];
  return {
    belongsToContractor:
      !!contractorId && user.contractorId === contractorId && roles.includes('engineer'),
    active: user.status !== 'disabled',
  };
}

/** "First Last" of an engineer, as schedule and reschedule events keep it for the timeline. */
export async function engineerNameOf(tx: Database, engineerId: string | undefined | null) {
  if (!engineerId) return null;
  const user = await findUserById(tx, engineerId);
  return user ? `${user.firstName} ${user.lastName}` : null;
}
