import { effect } from './action-effect';

/** The contractor hands the order back. */
export const declineEffect = effect(({ order }) => ({
  values: { contractorId: null, contractorOfferedAt: null, contractorAcceptedAt: null },
  data: { contractorId: order.contractorId },
}));
