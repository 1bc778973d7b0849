import { effect } from './action-effect';
import { contractorNameOf } from './contractor-name';

/** The contractor hands the order back. */
export const declineEffect = effect(async ({ tx, order }) => ({
  values: { contractorId: null, contractorOfferedAt: null, contractorAcceptedAt: null },
  data: {
    contractorId: order.contractorId,
    contractorName: await contractorNameOf(tx, order.contractorId),
  },
}));
