import type { Database } from '../../db/client';
import { findPartnerRow } from './partners.repository';

/** What other modules may ask of partners. */
export async function findPartnerForOrder(db: Database, id: string) {
  return findPartnerRow(db, id);
}
