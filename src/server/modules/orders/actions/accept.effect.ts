import { effect } from './action-effect';
import { contractorNameOf } from './contractor-name';

export const acceptEffect = effect(async ({ tx, order, now }) => ({
  values: { contractorAcceptedAt: now },
  data: {
    contractorId: order.contractorId,
    contractorName: await contractorNameOf(tx, order.contractorId),
  },
}));
