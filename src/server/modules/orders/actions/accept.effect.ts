import { effect } from './action-effect';

export const acceptEffect = effect(({ order, now }) => ({
  values: { contractorAcceptedAt: now },
  data: { contractorId: order.contractorId },
}));
