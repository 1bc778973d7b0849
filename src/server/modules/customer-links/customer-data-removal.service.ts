import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerFormSubmissions, customerPhotos } from './customer-links.schema';

/**
 * A customer anonymised (issue 21): what they sent through their links goes, the form's answers
 * and their photos' rows. Answers the storage keys of the photos, for the caller to delete once
 * the transaction has committed.
 */
export async function removeCustomerLinkData(
  tx: Database,
  orderIds: readonly string[],
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  await tx
    .delete(customerFormSubmissions)
    .where(inArray(customerFormSubmissions.orderId, [...orderIds]));
  const photos = await tx
    .delete(customerPhotos)
    .where(inArray(customerPhotos.orderId, [...orderIds]))
    .returning({ storageKey: customerPhotos.storageKey });
  return photos.map((photo) => photo.storageKey);
}
