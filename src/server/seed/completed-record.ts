import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { photoCategories, type PhotoCategory } from '@shared/visits/visit-record';
import type { StorageAdapter } from '../adapters/storage/storage.adapter';
import type { Database } from '../db/client';
import { visitPhotos, visits } from '../modules/visits/visits.schema';

// A visit's whole installation record for demo data and test factories (issue 18): a completed
// order always has every photo category, the serials, the speed test and the signature, as the
// completion rule asks. Photos are small real JPEGs made with sharp; with no storage adapter
// (tests that seed the database alone) the rows are written and the files left out.

const categoryColours: Record<PhotoCategory, string> = {
  site_before: '#94a3b8',
  mount: '#64748b',
  dish_installed: '#2563eb',
  cable_entry: '#0f766e',
  router_location: '#7c3aed',
  obstruction_check: '#0891b2',
  speed_test: '#16a34a',
  site_after: '#475569',
};

type DemoPhoto = { jpeg: Buffer; thumb: Buffer; sha256: string };
const photoCache = new Map<PhotoCategory, Promise<DemoPhoto>>();
let signatureCache: Promise<Buffer> | null = null;

async function makeDemoPhoto(category: PhotoCategory): Promise<DemoPhoto> {
  const label = category.replace('_', ' ');
  const svg = `<svg width="640" height="480" xmlns="http://www.w3.org/2000/svg"><rect width="640" height="480" fill="${categoryColours[category]}"/><text x="320" y="250" font-size="44" font-family="sans-serif" fill="white" text-anchor="middle">${label}</text></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const thumb = await sharp(jpeg)
    .resize(400, 400, { fit: 'inside' })
    .jpeg({ quality: 72 })
    .toBuffer();
  return { jpeg, thumb, sha256: createHash('sha256').update(jpeg).digest('hex') };
}

/** A small real JPEG with the category written on it, and its thumbnail (made once). */
export function demoPhoto(category: PhotoCategory): Promise<DemoPhoto> {
  let photo = photoCache.get(category);
  if (!photo) {
    photo = makeDemoPhoto(category);
    photoCache.set(category, photo);
  }
  return photo;
}

/** A drawn-looking signature PNG (made once). */
export function demoSignature(): Promise<Buffer> {
  signatureCache ??= sharp(
    Buffer.from(
      '<svg width="360" height="120" xmlns="http://www.w3.org/2000/svg"><path d="M20 90 C 60 10, 100 110, 140 50 S 220 20, 250 80 S 320 60, 340 40" stroke="#111827" stroke-width="4" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  return signatureCache;
}

export type RecordPlan = {
  visitId: string;
  orderId: string;
  engineerId: string;
  customerName: string;
  checkedInAt: Date;
  /** When the customer signed (a few minutes before the visit completed). */
  signedAt: Date;
  serials: { dish: string; router: string };
  position?: { latitude: number; longitude: number };
};

export const signatureKeyOf = (visitId: string) => `visit-signatures/${visitId}.png`;

/** The visit's columns that the serials, commissioning and sign-off steps fill in. */
export function completedRecordColumns(plan: RecordPlan) {
  const minutesIn = (minutes: number) => new Date(plan.checkedInAt.getTime() + minutes * 60_000);
  return {
    serials: plan.serials,
    otherSerials: [],
    serialsSavedAt: minutesIn(90),
    commissioning: {
      dishId: plan.serials.dish,
      routerId: plan.serials.router,
      obstructionPercent: 0.4,
      downloadMbps: 187.6,
      uploadMbps: 18.3,
      latencyMs: 41,
      testedAt: minutesIn(120).toISOString(),
      breaches: [],
    },
    customerSignOffName: plan.customerName,
    signatureKey: signatureKeyOf(plan.visitId),
    signedAt: plan.signedAt,
  } satisfies Partial<typeof visits.$inferInsert>;
}

/**
 * The photo rows of the given categories (every one by default) and, with a storage adapter,
 * the photo, thumbnail and signature files they point to.
 */
export async function storeRecordEvidence(
  db: Database,
  storage: StorageAdapter | undefined,
  plan: RecordPlan,
  options: { categories?: readonly PhotoCategory[]; signature?: boolean } = {},
): Promise<void> {
  const categories = options.categories ?? photoCategories;
  const month = plan.checkedInAt.toISOString().slice(0, 7);
  const rows: (typeof visitPhotos.$inferInsert)[] = [];
  let minute = 25;
  for (const category of categories) {
    const photo = await demoPhoto(category);
    const photoId = randomUUID();
    const storageKey = `visit-photos/${month}/${photoId}.jpg`;
    const thumbnailKey = `visit-photos/${month}/${photoId}.thumb.jpg`;
    if (storage) {
      await storage.put(storageKey, photo.jpeg, 'image/jpeg');
      await storage.put(thumbnailKey, photo.thumb, 'image/jpeg');
    }
    minute += 9;
    rows.push({
      id: photoId,
      visitId: plan.visitId,
      orderId: plan.orderId,
      category,
      storageKey,
      thumbnailKey,
      contentType: 'image/jpeg',
      bytes: photo.jpeg.length,
      width: 640,
      height: 480,
      sha256: photo.sha256,
      takenAt: new Date(plan.checkedInAt.getTime() + minute * 60_000),
      latitude: plan.position?.latitude ?? null,
      longitude: plan.position?.longitude ?? null,
      uploadedBy: plan.engineerId,
      uploadedAt: new Date(plan.checkedInAt.getTime() + (minute + 1) * 60_000),
    });
  }
  if (rows.length > 0) await db.insert(visitPhotos).values(rows);
  if (storage && (options.signature ?? true))
    await storage.put(signatureKeyOf(plan.visitId), await demoSignature(), 'image/png');
}
