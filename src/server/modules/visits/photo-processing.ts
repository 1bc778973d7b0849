import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { visitErrorCodes } from '@shared/error-codes';
import { photoLimits } from '@shared/visits/visit-record';
import { AppError } from '../../errors';
import type { PhotoRefusal, PhotoRules } from '../../files/photo-processing';

const refusalCodes = {
  too_large: [413, visitErrorCodes.photoTooLarge],
  not_an_image: [422, visitErrorCodes.photoNotAnImage],
  too_many_pixels: [422, visitErrorCodes.photoTooManyPixels],
} as const satisfies Record<PhotoRefusal, readonly [number, string]>;

/** An engineer's photo: the visit limits, refused with the visit error codes. */
export const visitPhotoRules: PhotoRules = {
  maxBytes: photoLimits.maxBytes,
  maxPixels: photoLimits.maxPixels,
  deviceLongEdge: photoLimits.deviceLongEdge,
  refuse: (reason, message) =>
    new AppError(refusalCodes[reason][0], refusalCodes[reason][1], message),
};

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
