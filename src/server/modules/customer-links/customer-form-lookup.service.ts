// What other modules (the engineer's app) may read of what the customer sent: the form's
// answers and photos. Apart from customer-links.service, which acts on orders, so that the
// visits module (which the order actions use) can read them without an import loop.
import type { Database } from '../../db/client';
import { findLatestFormOfOrder, findPhoto } from './customer-links.repository';

/** The latest customer form answers of an order, and its customer photos' ids. */
export async function findCustomerForm(db: Database, orderId: string) {
  return findLatestFormOfOrder(db, orderId);
}

export async function findCustomerPhoto(db: Database, photoId: string) {
  return findPhoto(db, photoId);
}
