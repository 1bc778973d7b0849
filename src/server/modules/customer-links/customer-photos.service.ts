import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { processPhoto, type PhotoRules } from '../../files/photo-processing';
import { customerJourneyErrorCodes } from '@shared/error-codes';
import { linkPhotoLimits, maxPhotoBytes } from '@shared/customer-links/customer-form.contracts';
import type { PublicLinkPurpose } from '@shared/public-links/public-links.contracts';
import { lockPublicLink, resolvePublicLink } from '../public-links/public-links.service';
import { linkProblemError } from './customer-links.service';
import {
  deleteUnattachedPhotosBefore,
  insertPhoto,
  photoUsageOfLink,
} from './customer-links.repository';
import { saveUpload } from './upload-storage';

type Deps = Pick<AppDeps, 'database' | 'adapters'>;

/** Photos sent through a link but not taken by a sent form are deleted after this (issue 18). */
export const unattachedPhotoHours = 24;

const badPhoto = (message: string) =>
  new AppError(400, customerJourneyErrorCodes.badPhoto, message);

/** A customer's photo: the device made it at most 2048 px; anything refused is BAD_PHOTO. */
const customerPhotoRules: PhotoRules = {
  maxBytes: maxPhotoBytes,
  maxPixels: 50_000_000,
  deviceLongEdge: 2048,
  refuse: (_reason, message) => badPhoto(message),
};

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

function limitReached() {
  return new AppError(
    409,
    customerJourneyErrorCodes.linkPhotoLimitReached,
    `This form has taken all the photos it can (${linkPhotoLimits.maxPhotos} photos or ${megabytes(linkPhotoLimits.maxBytes)} MB). Please send it with the photos already added.`,
  );
}

function assertRoom(usage: { photos: number; bytes: number }, adding: number) {
  if (usage.photos >= linkPhotoLimits.maxPhotos) throw limitReached();
  if (usage.bytes + adding > linkPhotoLimits.maxBytes) throw limitReached();
}

/**
 * A photo sent through a live link. It is checked by its bytes and re-encoded as the
 * engineer's are: what is stored is the clean copy, never the upload (issue 18).
 */
export async function uploadCustomerPhoto(
  deps: Deps,
  token: string,
  purpose: PublicLinkPurpose,
  dataBase64: string,
  now = new Date(),
) {
  const db = deps.database.db;
  const resolved = await resolvePublicLink(db, token, purpose, now);
  if (!resolved.ok) throw linkProblemError(resolved.problem);
  const link = resolved.link;
  const bytes = Buffer.from(dataBase64, 'base64');
  if (bytes.length === 0) throw badPhoto('The photo is empty.');
  // A link at its limit is refused before any decoding work.
  assertRoom(await photoUsageOfLink(db, link.id), 0);
  const photo = await processPhoto(bytes, customerPhotoRules);
  const storage = deps.adapters.storage;
  const key = await saveUpload(
    storage,
    'customer-photos',
    photo.served,
    photo.extension,
    photo.contentType,
    now,
  );
  try {
    const id = await inTransaction(db, async (tx) => {
      // Uploads arriving together are counted one after another, so none slips past the limit.
      await lockPublicLink(tx, link.id);
      assertRoom(await photoUsageOfLink(tx, link.id), photo.served.length);
      return insertPhoto(tx, {
        orderId: link.orderId,
        linkId: link.id,
        purpose,
        storageKey: key,
        contentType: photo.contentType,
        bytes: photo.served.length,
        createdAt: now,
      });
    });
    return { id };
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/**
 * The scheduled clean-up: photos that no sent form (or kit-arrived confirmation) took within
 * 24 hours of upload, record and file. Answers how many it deleted.
 */
export async function deleteUnattachedCustomerPhotos(
  deps: Deps & Pick<AppDeps, 'log'>,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - unattachedPhotoHours * 60 * 60 * 1000);
  // Records first: a file whose delete fails is left with no record, for the sweep of
  // unreferenced files; never a record pointing at a missing file.
  const deleted = await deleteUnattachedPhotosBefore(deps.database.db, cutoff);
  for (const photo of deleted) {
    try {
      await deps.adapters.storage.delete(photo.storageKey);
    } catch (error) {
      deps.log.warn(
        { err: error, photoId: photo.id },
        'could not delete an unattached customer photo file',
      );
    }
  }
  return deleted.length;
}
