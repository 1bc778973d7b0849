import { randomBytes } from 'node:crypto';
import { visitErrorCodes } from '@shared/error-codes';
import { photoLimits, type photoUploadQuery } from '@shared/visits/visit-record';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { canSeeOrder, type Viewer } from '../orders/orders.service';
import { ownOpenVisit, readableVisit, visitNotFound } from './visit-access';
import { makeThumbnail, processPhoto } from '../../files/photo-processing';
import { verifyChecksum, visitPhotoRules } from './photo-processing';
import { findCustomerPhoto } from '../customer-links/customer-form-lookup.service';
import {
  countPhotosOfVisit,
  deletePhotoRow,
  findPhoto,
  insertPhoto,
} from './visit-record.repository';
import { deviceTime, visitRecord } from './visit-steps.service';

type Deps = Pick<AppDeps, 'database' | 'adapters'>;

const photoIdTaken = () =>
  new AppError(
    409,
    visitErrorCodes.photoIdTaken,
    'Another photo already has this id; make a new id for a new photo.',
  );

/**
 * A photo from the device, whose id the device made: the same id and bytes again is the same
 * photo (answered as it is), so a retried or replayed upload never makes two.
 */
export async function uploadPhoto(
  deps: Deps,
  viewer: Viewer,
  visitId: string,
  photoId: string,
  query: z.output<typeof photoUploadQuery>,
  bytes: Buffer,
  checksum: string | undefined,
  now = new Date(),
) {
  const db = deps.database.db;
  const sha256 = verifyChecksum(bytes, checksum);
  const existing = await findPhoto(db, photoId);
  if (existing) {
    await readableVisit(db, viewer, existing.visitId).catch(() => {
      throw photoIdTaken();
    });
    if (existing.visitId !== visitId || existing.sha256 !== sha256) throw photoIdTaken();
    await ownOpenVisit(db, viewer, visitId).catch((error) => {
      // A photo already kept is answered even after the visit has closed.
      if ((error as AppError).code !== visitErrorCodes.visitNotOpen) throw error;
    });
    return visitRecord(db, visitId);
  }
  const row = await ownOpenVisit(db, viewer, visitId);
  if ((await countPhotosOfVisit(db, visitId)) >= photoLimits.maxPerVisit)
    throw new AppError(
      409,
      visitErrorCodes.photoLimitReached,
      `A visit keeps at most ${photoLimits.maxPerVisit} photos; delete one first.`,
    );
  const photo = await processPhoto(bytes, visitPhotoRules);
  const thumbnail = await makeThumbnail(photo.served);
  const month = now.toISOString().slice(0, 7);
  // A name of its own per upload: a racing upload of the same id never overwrites the kept files.
  const stem = `visit-photos/${month}/${photoId}-${randomBytes(4).toString('hex')}`;
  const storageKey = `${stem}.${photo.extension}`;
  const thumbnailKey = `${stem}.thumb.jpg`;
  // Everything the row holds is settled before a file is written (issue 18: a year-0 time once
  // failed in the database after both files were kept).
  const values = {
    id: photoId,
    visitId,
    orderId: row.visit.orderId,
    category: query.category,
    storageKey,
    thumbnailKey,
    contentType: photo.contentType,
    bytes: photo.served.length,
    originalBytes: query.originalBytes ?? null,
    width: photo.width,
    height: photo.height,
    sha256,
    takenAt: photo.exif.takenAt ?? deviceTime(query.takenAt, now),
    latitude: photo.exif.latitude ?? query.latitude ?? null,
    longitude: photo.exif.longitude ?? query.longitude ?? null,
    uploadedBy: viewer.userId,
    uploadedAt: now,
  };
  const storage = deps.adapters.storage;
  const removeFiles = () =>
    Promise.all([storage.delete(storageKey), storage.delete(thumbnailKey)]).catch(() => {
      // Left for the sweep of files no record points to (stored-files.service).
    });
  let inserted: Awaited<ReturnType<typeof insertPhoto>>;
  try {
    await storage.put(storageKey, photo.served, photo.contentType);
    await storage.put(thumbnailKey, thumbnail, 'image/jpeg');
    inserted = await insertPhoto(db, values);
  } catch (error) {
    await removeFiles();
    throw error;
  }
  // Two uploads of one id at once: the other kept its row and files; ours point nowhere.
  if (!inserted) {
    await removeFiles();
    const winner = await findPhoto(db, photoId);
    if (!winner || winner.visitId !== visitId || winner.sha256 !== sha256) throw photoIdTaken();
  }
  return visitRecord(db, visitId);
}

/** Deletes a photo of an open visit (a retake); deleting one already gone changes nothing. */
export async function deletePhoto(deps: Deps, viewer: Viewer, visitId: string, photoId: string) {
  const db = deps.database.db;
  await ownOpenVisit(db, viewer, visitId);
  const photo = await findPhoto(db, photoId);
  if (photo && photo.visitId !== visitId) throw visitNotFound();
  if (photo) {
    await deletePhotoRow(db, photoId);
    await deps.adapters.storage.delete(photo.storageKey);
    await deps.adapters.storage.delete(photo.thumbnailKey);
  }
  return visitRecord(db, visitId);
}

const fileNotFound = () => new AppError(404, visitErrorCodes.visitNotFound, 'File not found.');

/** A visit photo (or its thumbnail) for someone who may see the visit. */
export async function readPhotoFile(
  deps: Deps,
  viewer: Viewer,
  photoId: string,
  variant: 'photo' | 'thumbnail',
) {
  const db = deps.database.db;
  const photo = await findPhoto(db, photoId);
  if (!photo) throw fileNotFound();
  await readableVisit(db, viewer, photo.visitId).catch(() => {
    throw fileNotFound();
  });
  const key = variant === 'photo' ? photo.storageKey : photo.thumbnailKey;
  const bytes = await deps.adapters.storage.get(key);
  if (!bytes) throw fileNotFound();
  return { bytes, contentType: variant === 'photo' ? photo.contentType : 'image/jpeg' };
}

/** The signature PNG of a visit, for someone who may see the visit. */
export async function readSignatureFile(deps: Deps, viewer: Viewer, visitId: string) {
  const row = await readableVisit(deps.database.db, viewer, visitId);
  if (!row.visit.signatureKey) throw fileNotFound();
  const bytes = await deps.adapters.storage.get(row.visit.signatureKey);
  if (!bytes) throw fileNotFound();
  return { bytes, contentType: 'image/png' };
}

/** A photo the customer sent with the customer form, for someone who may see the order. */
export async function readCustomerPhotoFile(deps: Deps, viewer: Viewer, photoId: string) {
  const db = deps.database.db;
  const photo = await findCustomerPhoto(db, photoId);
  if (!photo || !(await canSeeOrder(db, viewer, photo.orderId))) throw fileNotFound();
  const bytes = await deps.adapters.storage.get(photo.storageKey);
  if (!bytes) throw fileNotFound();
  return { bytes, contentType: photo.contentType };
}
