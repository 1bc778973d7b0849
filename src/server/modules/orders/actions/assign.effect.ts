import { badRequest } from '../../../errors';
import {
  contractorPayoutFor,
  findContractorForOrder,
} from '../../contractors/contractor-lookup.service';
import type { ActionEffect } from './action-effect';

/** Offers the order to a contractor at their own rate for the job type, if they have one. */
export const assignEffect: ActionEffect = async ({ tx, order, body, now }) => {
  const contractor = body.contractorId ? await findContractorForOrder(tx, body.contractorId) : null;
  if (body.contractorId && !contractor)
    throw badRequest('Unknown contractor', { contractorId: ['Unknown contractor'] });
  return {
    input: contractor ? { contractor: { active: contractor.active } } : {},
    apply: async () => {
      const payout = await contractorPayoutFor(tx, contractor!.id, order.jobTypeId);
      const values = {
        contractorId: contractor!.id,
        contractorOfferedAt: now,
        contractorAcceptedAt: null,
        ...(payout !== null ? { payoutPence: payout } : {}),
      };
      const data: Record<string, unknown> = {
        contractorId: contractor!.id,
        contractorName: contractor!.name,
        payoutPence: payout ?? order.payoutPence,
        previousPayoutPence: order.payoutPence,
        payoutFromRateCard: payout !== null,
      };
      if (order.contractorId) data.previousContractorId = order.contractorId;
      return { values, data };
    },
  };
};
