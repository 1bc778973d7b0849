import { effect } from './action-effect';
import { contractorNameOf } from './contractor-name';

/** Back office takes the order back from its contractor. */
export const unassignEffect = effect(async ({ tx, order }) => ({
  values: { contractorId: null, contractorOfferedAt: null, contractorAcceptedAt: null },
  data: {
    contractorId: order.contractorId,
    contractorName: await contractorNameOf(tx, order.contractorId),
  },
}));
