import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** A small real JPEG; with `gps`, EXIF GPS and a taken-at time as a phone camera writes them. */
export async function makeJpeg(
  options: { width?: number; height?: number; colour?: string; gps?: boolean } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 320,
      height: options.height ?? 240,
      channels: 3,
      background: options.colour ?? '#3b82f6',
    },
  });
  const withExif = options.gps
    ? image.withExif({
        IFD0: { Make: 'UplinkTest', Model: 'Camera' },
        IFD2: { DateTimeOriginal: '2026:11:20 10:15:00' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '50/1 43/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '3/1 32/1 0/1',
        },
      })
    : image;
  return withExif.jpeg({ quality: 80 }).toBuffer();
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
