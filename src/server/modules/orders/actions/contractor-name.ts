import type { Database } from '../../../db/client';
import { findContractorForOrder } from '../../contractors/contractor-lookup.service';

/** The contractor's name as an event keeps it, so its timeline sentence needs no lookup. */
export async function contractorNameOf(tx: Database, id: string | null): Promise<string | null> {
  return id ? ((await findContractorForOrder(tx, id))?.name ?? null) : null;
}
