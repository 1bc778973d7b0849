// What other modules may ask of contractors. Apart from contractors.service, which itself uses
// the orders module, so that orders can read contractors without an import loop.
import type { Database } from '../../db/client';
import { findContractorRate, findContractorRow } from './contractors.repository';

export async function findContractorForOrder(db: Database, id: string) {
  return findContractorRow(db, id);
}

/** The contractor's own payout for the job type, or null for the job type's default. */
export async function contractorPayoutFor(db: Database, contractorId: string, jobTypeId: string) {
  const rate = await findContractorRate(db, contractorId, jobTypeId);
  return rate ? rate.payoutPence : null;
}

export async function contractorExists(db: Database, id: string) {
  return (await findContractorRow(db, id)) !== null;
}
