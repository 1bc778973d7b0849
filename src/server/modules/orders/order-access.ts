import type { AuthUser } from '../../app-deps';
import type { LifecycleActor } from '@shared/orders/order-lifecycle';
import type { Role } from '@shared/roles';

/**
 * What the requesting user may see of orders: everything (back office), the orders of their
 * contractor company (contractor), the orders they have visits on (engineer), or a union for
 * a dual contractor-engineer. PRODUCT.md: a contractor never sees the partner price.
 */
export type Viewer = {
  userId: string;
  name: string;
  backOffice: boolean;
  /** Set when the user acts as a contractor of this company. */
  contractorId: string | null;
  engineer: boolean;
};

export function userRoles(user: Pick<AuthUser, 'role' | 'additionalRoles'>): Role[] {
  return [user.role, ...user.additionalRoles];
}

export function viewerOf(user: AuthUser): Viewer {
  const roles = userRoles(user);
  return {
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`.trim() || user.email,
    backOffice: roles.includes('back_office'),
    contractorId: roles.includes('contractor') ? user.contractorId : null,
    engineer: roles.includes('engineer'),
  };
}

/** Back office sees prices; contractors and engineers never do. */
export function seesPrice(viewer: Viewer): boolean {
  return viewer.backOffice;
}

/** The lifecycle actors this viewer is for this order. */
export function actorsFor(
  viewer: Viewer,
  order: { contractorId: string | null },
  currentVisitEngineerId: string | null,
): LifecycleActor[] {
  const actors: LifecycleActor[] = [];
  if (viewer.backOffice) actors.push('back_office');
  if (viewer.contractorId && viewer.contractorId === order.contractorId) actors.push('contractor');
  if (viewer.engineer && currentVisitEngineerId === viewer.userId) actors.push('engineer');
  return actors;
}
