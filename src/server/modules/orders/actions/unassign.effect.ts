import { effect } from './action-effect';

/** Back office takes the order back from its contractor. */
export const unassignEffect = effect(({ order }) => ({
  values: { contractorId: null, contractorOfferedAt: null, contractorAcceptedAt: null },
  data: { contractorId: order.contractorId },
}));
