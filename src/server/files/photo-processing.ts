import exifr from 'exifr';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { deviceTimeYearRange } from '@shared/schema/device-time';

// Every uploaded photo (an engineer's, a customer's) goes through here before it is stored:
// checked by its content, then re-encoded so that what we keep and serve is a clean image.

export type PhotoRefusal = 'too_large' | 'not_an_image' | 'too_many_pixels';

export type PhotoRules = {
  maxBytes: number;
  maxPixels: number;
  /** The long edge the device resizes to, named in the too-many-pixels message. */
  deviceLongEdge: number;
  /** Each caller answers a refusal with its own status and error code. */
  refuse: (reason: PhotoRefusal, message: string) => Error;
};

export type ProcessedPhoto = {
  /** The file we keep and serve: oriented, every metadata block (EXIF, GPS, XMP, ICC, comments) dropped. */
  served: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
  /** Read from the upload's EXIF before it was dropped, when the file had them. */
  exif: { takenAt: Date | null; latitude: number | null; longitude: number | null };
};

const accepted: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
export const thumbnailEdge = 400;

const inDeviceYears = (time: Date) =>
  time.getUTCFullYear() >= deviceTimeYearRange.min &&
  time.getUTCFullYear() <= deviceTimeYearRange.max;

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
      // A camera clock never set (year 0, 1970) says nothing: the device's time stands instead.
      takenAt: taken instanceof Date && inDeviceYears(taken) ? taken : null,
      latitude: valid(tags?.latitude, 90),
      longitude: valid(tags?.longitude, 180),
    };
  } catch {
    return { takenAt: null, latitude: null, longitude: null };
  }
}

/**
 * Checks a photo by its content and limits, reads its EXIF, and re-encodes it. The bytes as
 * uploaded are never returned: anything riding along (GPS, a comment block holding HTML, data
 * after the image's end) is gone from `served`.
 */
export async function processPhoto(bytes: Buffer, rules: PhotoRules): Promise<ProcessedPhoto> {
  if (bytes.length > rules.maxBytes)
    throw rules.refuse(
      'too_large',
      `The photo is too large (${Math.floor(rules.maxBytes / 1024 / 1024)} MB at most).`,
    );
  const notAnImage = (message: string) => rules.refuse('not_an_image', message);
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? accepted[type.mime] : undefined;
  if (!type || !extension)
    throw notAnImage('This file is not a photo (JPEG, PNG or WebP), whatever its name says.');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage('This photo cannot be read.');
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > rules.maxPixels)
    throw rules.refuse(
      'too_many_pixels',
      `The photo has too many pixels (${width} x ${height}); resize it to at most ${rules.deviceLongEdge} px on the long edge.`,
    );
  const exif = await readExif(bytes);
  try {
    const oriented = sharp(bytes, { limitInputPixels: rules.maxPixels }).rotate();
    // sharp writes no metadata unless asked: the served copy carries no EXIF, GPS or XMP.
    const served =
      type.mime === 'image/jpeg'
        ? await oriented.jpeg({ quality: 88, mozjpeg: false }).toBuffer({ resolveWithObject: true })
        : type.mime === 'image/png'
          ? await oriented.png().toBuffer({ resolveWithObject: true })
          : await oriented.webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
    return {
      served: served.data,
      contentType: type.mime,
      extension,
      width: served.info.width,
      height: served.info.height,
      exif,
    };
  } catch {
    throw notAnImage('This photo cannot be read.');
  }
}

/** A small JPEG of a processed photo for lists. */
export async function makeThumbnail(served: Buffer): Promise<Buffer> {
  return sharp(served)
    .resize(thumbnailEdge, thumbnailEdge, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 72 })
    .toBuffer();
}
