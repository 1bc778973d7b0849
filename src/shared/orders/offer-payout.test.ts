import { describe, expect, it } from 'vitest';
import { offerPayout } from './offer-payout';

const base = { contractorName: 'Tamar Satellite Services', jobTypeName: 'Standard install' };

describe('the payout an offer makes', () => {
  it('says the payout changes to the rate card figure and why', () => {
    expect(offerPayout({ ...base, currentPayoutPence: 12000, ratePence: 11880 })).toEqual({
      payoutPence: 11880,
      changes: true,
      text: "The payout will change from £120.00 to £118.80: Tamar Satellite Services's rate card pays £118.80 for Standard install.",
    });
  });

  it('says the payout stays when the rate matches', () => {
    const result = offerPayout({ ...base, currentPayoutPence: 12000, ratePence: 12000 });
    expect(result.changes).toBe(false);
    expect(result.text).toBe(
      "The payout stays £120.00, the Standard install rate on Tamar Satellite Services's rate card.",
    );
  });

  it('says the payout stays when the rate card has no rate for the job type', () => {
    const result = offerPayout({ ...base, currentPayoutPence: 12000, ratePence: undefined });
    expect(result).toMatchObject({ payoutPence: 12000, changes: false });
    expect(result.text).toBe(
      'Tamar Satellite Services has no rate for Standard install on their rate card, so the payout stays £120.00.',
    );
  });
});
