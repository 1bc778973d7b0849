import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { visitPhotos, visits } from './visits.schema';

/**
 * A customer anonymised (issue 21): their visits stay (dates, outcomes, serials and readings
 * feed the reports) but lose what identifies the customer or their home: the signer's name, the
 * signature, the check-in position and the photos. Answers the storage keys to delete once the
 * transaction has committed.
 */
export async function anonymiseVisitsOfOrders(
  tx: Database,
  orderIds: readonly string[],
): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const photos = await tx
    .delete(visitPhotos)
    .where(inArray(visitPhotos.orderId, [...orderIds]))
    .returning({ storageKey: visitPhotos.storageKey, thumbnailKey: visitPhotos.thumbnailKey });
  const signed = await tx
    .select({ signatureKey: visits.signatureKey })
    .from(visits)
    .where(inArray(visits.orderId, [...orderIds]));
  await tx
    .update(visits)
    .set({
      customerSignOffName: null,
      signatureKey: null,
      checkInLatitude: null,
      checkInLongitude: null,
      updatedAt: new Date(),
    })
    .where(inArray(visits.orderId, [...orderIds]));
  return [
    ...photos.flatMap((photo) => [photo.storageKey, photo.thumbnailKey]),
    ...signed.flatMap((visit) => (visit.signatureKey ? [visit.signatureKey] : [])),
  ];
}
