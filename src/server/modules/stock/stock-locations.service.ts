import type { Database } from '../../db/client';
import { findVanOf, insertLocation, renameDepot, updateVan } from './stock.repository';

// Depots and vans are made with their owner (decision 062): the contractors area calls
// `ensureDepot` when it creates a company, the users area `ensureVan` when an account becomes an
// engineer. Both are idempotent (unique partial indexes), so a retry or a second call is harmless.

/** A contractor company's depot, named after it: made once, renamed with the company. */
export async function ensureDepot(db: Database, contractor: { id: string; name: string }) {
  const made = await insertLocation(db, {
    kind: 'depot',
    name: contractor.name,
    contractorId: contractor.id,
  });
  if (!made) await renameDepot(db, contractor.id, contractor.name);
}

/** An engineer's van, named after them and carrying their company; made once, then renamed with them. */
export async function ensureVan(
  db: Database,
  engineer: { id: string; firstName: string; lastName: string; contractorId: string | null },
) {
  const name = `${engineer.firstName} ${engineer.lastName}`.trim();
  const van = await findVanOf(db, engineer.id);
  if (!van) {
    await insertLocation(db, {
      kind: 'van',
      name,
      contractorId: engineer.contractorId,
      engineerId: engineer.id,
    });
    return;
  }
  // A van that already belongs to a company stays with it (its stock is that company's).
  const contractorId = van.contractorId ?? engineer.contractorId;
  if (van.name !== name || van.contractorId !== contractorId) {
    await updateVan(db, van.id, { name, contractorId });
  }
}
