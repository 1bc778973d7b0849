// Photos are made small on the phone before they are stored or sent (PRODUCT.md): long edge
// 2048 px, JPEG, plus a thumbnail for the screen; the sha256 goes with the upload.
import { photoLimits } from '@shared/visits/visit-record';

const thumbnailLongEdge = 320;

async function drawJpeg(bitmap: ImageBitmap, longEdge: number, quality: number) {
  const scale = Math.min(1, longEdge / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  // The default ('low') skips pixels when shrinking a 12 MP photo: aliased detail that looks
  // worse and costs bytes in the JPEG.
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (made) => (made ? resolve(made) : reject(new Error('The photo could not be encoded'))),
      'image/jpeg',
      quality,
    ),
  );
  canvas.width = 0;
  canvas.height = 0;
  return { blob, width, height };
}

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type PreparedPhoto = {
  blob: Blob;
  thumbnail: Blob;
  width: number;
  height: number;
  sha256: string;
  originalBytes: number;
};

/** The camera's file, resized to a 2048 px JPEG with a thumbnail and its checksum. */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error('That file is not a photo this phone can read');
  }
  try {
    const full = await drawJpeg(bitmap, photoLimits.deviceLongEdge, 0.82);
    const thumb = await drawJpeg(bitmap, thumbnailLongEdge, 0.7);
    return {
      blob: full.blob,
      thumbnail: thumb.blob,
      width: full.width,
      height: full.height,
      sha256: await sha256Hex(full.blob),
      originalBytes: file.size,
    };
  } finally {
    bitmap.close();
  }
}
