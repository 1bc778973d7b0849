// Issue 10 "no silent changes": offering an order to a contractor sets its payout from their
// rate card for the job type (orders.service assign); the offer dialog says so before it is sent.
import { formatPounds } from './timeline-text';

export type OfferPayout = {
  /** The payout once the offer is made. */
  payoutPence: number;
  changes: boolean;
  text: string;
};

export function offerPayout(input: {
  currentPayoutPence: number;
  /** The contractor's rate for the order's job type; undefined when their card has none. */
  ratePence: number | undefined;
  contractorName: string;
  jobTypeName: string;
}): OfferPayout {
  const { currentPayoutPence: current, ratePence: rate, contractorName, jobTypeName } = input;
  if (rate === undefined) {
    return {
      payoutPence: current,
      changes: false,
      text: `${contractorName} has no rate for ${jobTypeName} on their rate card, so the payout stays ${formatPounds(current)}.`,
    };
  }
  if (rate === current) {
    return {
      payoutPence: current,
      changes: false,
      text: `The payout stays ${formatPounds(current)}, the ${jobTypeName} rate on ${contractorName}'s rate card.`,
    };
  }
  return {
    payoutPence: rate,
    changes: true,
    text: `The payout will change from ${formatPounds(current)} to ${formatPounds(rate)}: ${contractorName}'s rate card pays ${formatPounds(rate)} for ${jobTypeName}.`,
  };
}
