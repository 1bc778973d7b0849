import { createHash } from 'node:crypto';
import exifr from 'exifr';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { visitErrorCodes } from '@shared/error-codes';
import { photoLimits } from '@shared/visits/visit-record';
import { AppError } from '../../errors';

export type ProcessedPhoto = {
  /** The file we serve: oriented, every metadata block (EXIF GPS, camera, time) stripped. */
  served: Buffer;
  thumbnail: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
  /** From EXIF, when the file had them. */
  exif: { takenAt: Date | null; latitude: number | null; longitude: number | null };
};

const accepted: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
export const thumbnailEdge = 400;

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Refuses a body whose sha256 is not the one the device computed. */
export function verifyChecksum(bytes: Uint8Array, expected: string | undefined) {
  if (!expected || !/^[0-9a-f]{64}$/i.test(expected.trim()))
    throw new AppError(
      400,
      visitErrorCodes.photoChecksumMissing,
      'Send the photo’s sha256 (hex) in the X-Content-SHA256 header.',
    );
  const actual = sha256Of(bytes);
  if (actual !== expected.trim().toLowerCase())
    throw new AppError(
      422,
      visitErrorCodes.photoChecksumMismatch,
      'The photo did not arrive whole (its checksum does not match); send it again.',
    );
  return actual;
}

async function readExif(bytes: Buffer): Promise<ProcessedPhoto['exif']> {
  try {
    const tags = (await exifr.parse(bytes, {
      gps: true,
      pick: [
        'DateTimeOriginal',
        'CreateDate',
        'GPSLatitude',
        'GPSLatitudeRef',
        'GPSLongitude',
        'GPSLongitudeRef',
      ],
    })) as
      | { DateTimeOriginal?: Date; CreateDate?: Date; latitude?: number; longitude?: number }
      | undefined;
    const taken = tags?.DateTimeOriginal ?? tags?.CreateDate ?? null;
    const valid = (n: unknown, limit: number) =>
      typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
    return {
      takenAt: taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken : null,
      latitude: valid(tags?.latitude, 90),
      longitude: valid(tags?.longitude, 180),
    };
  } catch {
    return { takenAt: null, latitude: null, longitude: null };
  }
}

/** Checks a photo by its content and limits, reads its EXIF, and makes the served copies. */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length > photoLimits.maxBytes)
    throw new AppError(
      413,
      visitErrorCodes.photoTooLarge,
      `The photo is too large (${Math.floor(photoLimits.maxBytes / 1024 / 1024)} MB at most).`,
    );
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? accepted[type.mime] : undefined;
  if (!type || !extension)
    throw new AppError(
      422,
      visitErrorCodes.photoNotAnImage,
      'This file is not a photo (JPEG, PNG or WebP), whatever its name says.',
    );
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(422, visitErrorCodes.photoNotAnImage, 'This photo cannot be read.');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > photoLimits.maxPixels)
    throw new AppError(
      422,
      visitErrorCodes.photoTooManyPixels,
      `The photo has too many pixels (${width} x ${height}); resize it to at most ${photoLimits.deviceLongEdge} px on the long edge.`,
    );
  const exif = await readExif(bytes);
  try {
    const oriented = sharp(bytes, { limitInputPixels: photoLimits.maxPixels }).rotate();
    // sharp writes no metadata unless asked: the served copy carries no EXIF, GPS or XMP.
    const served =
      type.mime === 'image/jpeg'
        ? await oriented.jpeg({ quality: 88, mozjpeg: false }).toBuffer({ resolveWithObject: true })
        : type.mime === 'image/png'
          ? await oriented.png().toBuffer({ resolveWithObject: true })
          : await oriented.webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(served.data)
      .resize(thumbnailEdge, thumbnailEdge, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 72 })
      .toBuffer();
    return {
      served: served.data,
      thumbnail,
      contentType: type.mime,
      extension,
      width: served.info.width,
      height: served.info.height,
      exif,
    };
  } catch {
    throw new AppError(422, visitErrorCodes.photoNotAnImage, 'This photo cannot be read.');
  }
}

/** A drawn signature: PNG by content, within the size limit. */
export async function checkSignaturePng(bytes: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'image/png')
    throw new AppError(422, visitErrorCodes.signatureNotPng, 'The signature must be a PNG image.');
  try {
    const meta = await sharp(bytes).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > 4_000_000) throw new Error('too big');
  } catch {
    throw new AppError(
      422,
      visitErrorCodes.signatureNotPng,
      'The signature image cannot be read (PNG, at most 2000 x 2000).',
    );
  }
}
