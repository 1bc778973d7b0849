import { storedFileReferences } from '../../db/stored-file-references';
import { visitPhotos, visits } from './visits.schema';

/** The stored files visits' rows name, for the sweep: photos, their thumbnails, signatures. */
export const visitFileReferences = storedFileReferences([
  visitPhotos.storageKey,
  visitPhotos.thumbnailKey,
  visits.signatureKey,
]);
