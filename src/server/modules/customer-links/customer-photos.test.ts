import { eq, inArray } from 'drizzle-orm';
import exifr from 'exifr';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerPhotos } from './customer-links.schema';
import { inTransaction } from '../../db/transaction';
import { customerPhotoSweepJob } from '../../jobs/register';
import { issuePublicLink } from '../public-links/public-links.service';
import { linkPhotoLimits } from '@shared/customer-links/customer-form.contracts';
import type { PublicLinkPurpose } from '@shared/public-links/public-links.contracts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { sameOrigin, signInAs, waitFor, type AuthHeaders } from '../../../../tests/support/auth';
import { buildOrder } from '../../../../tests/factories/orders';
import { londonDateOf } from '@shared/london-date';

// Issue 18: customer photos are stored re-encoded (no EXIF, no GPS, no riding-along bytes),
// a link takes at most 12 photos and 60 MB, and photos no sent form took go after 24 hours.

let app: TestApp;
let office: AuthHeaders;
let address = 0;
// Each upload from its own address: the per-address rate limit is not what is tested here.
const nextAddress = () => `10.18.${Math.floor(address / 200)}.${(address++ % 200) + 1}`;

beforeAll(async () => {
  app = await createTestApp();
  office = (await signInAs(app, 'back_office')).headers;
});

const db = () => app.deps.database.db;
const hourMs = 60 * 60 * 1000;

async function issue(orderId: string, purpose: PublicLinkPurpose = 'customer_form') {
  return inTransaction(db(), (tx) => issuePublicLink(tx, { orderId, purpose }));
}

const upload = (path: string, bytes: Buffer) =>
  app.inject({
    method: 'POST',
    url: `/api/public${path}/photos`,
    payload: { dataBase64: bytes.toString('base64') },
    headers: sameOrigin(app),
    remoteAddress: nextAddress(),
  });

const servedToOffice = (photoId: string) =>
  app.inject({ method: 'GET', url: `/api/customer-photos/${photoId}`, headers: office });

/** A camera-like JPEG: 40 x 20 pixels stored, EXIF orientation "rotate 90", a GPS position. */
async function photoWithGps() {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Phone 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 43/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 31/1 0/1',
      },
    })
    .toBuffer();
}

const smallPng = (edge = 8) =>
  sharp({ create: { width: edge, height: edge, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

function workingDate() {
  let d = new Date(`${londonDateOf(new Date())}T00:00:00Z`);
  d = new Date(d.getTime() + 2 * 24 * hourMs);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(d.getTime() + 24 * hourMs);
  return d.toISOString().slice(0, 10);
}

const formWith = (photoIds: string[]) => ({
  firstName: 'Alice',
  lastName: 'Tremayne',
  phone: '07700 900123',
  email: 'alice@example.com',
  addressLine1: '1 Harbour Road',
  addressLine2: '',
  town: 'Exeter',
  postcode: 'EX1 1AA',
  propertyType: 'detached',
  tenure: 'owner',
  landlordPermission: false,
  listedBuilding: 'no',
  dishPosition: 'On the chimney',
  accessNotes: '',
  availability: [{ date: workingDate(), slot: 'am' }],
  consentTerms: true,
  consentMessages: false,
  photoIds,
});

describe('customer photos are stored re-encoded', () => {
  it('drops the GPS position and every EXIF tag, and applies the orientation', async () => {
    const original = await photoWithGps();
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.closeTo(50.72, 2) });
    const order = await buildOrder(app);
    const link = await issue(order.id);

    const sent = await upload(link.path, original);
    expect(sent.statusCode, sent.body).toBe(201);
    const served = await servedToOffice(sent.json().id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/jpeg');
    const bytes = served.rawPayload;
    expect(await exifr.gps(bytes)).toBeUndefined();
    expect(await exifr.parse(bytes, true)).toBeUndefined();
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    // Turned upright by its orientation tag, which is then no longer needed.
    expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);

    // What is kept in storage is that clean copy; the upload's bytes are nowhere.
    const [row] = await db()
      .select()
      .from(customerPhotos)
      .where(eq(customerPhotos.id, sent.json().id));
    const stored = await app.deps.adapters.storage.get(row!.storageKey);
    expect(Buffer.compare(stored!, bytes)).toBe(0);
    expect(Buffer.compare(stored!, original)).not.toBe(0);
    expect(row!.bytes).toBe(bytes.length);
  });

  it('keeps nothing of a JPEG/HTML polyglot but the picture', async () => {
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    // A comment segment holding HTML right after the start marker, and more HTML after the end.
    const comment = Buffer.from(html);
    const segment = Buffer.concat([
      Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]),
      comment,
    ]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2), comment]);
    expect(polyglot.includes('<script>')).toBe(true);
    expect((await fileTypeFromBuffer(polyglot))?.mime).toBe('image/jpeg');

    const order = await buildOrder(app);
    const link = await issue(order.id);
    const sent = await upload(link.path, polyglot);
    expect(sent.statusCode, sent.body).toBe(201);
    const served = (await servedToOffice(sent.json().id)).rawPayload;
    expect(served.includes('<script')).toBe(false);
    expect(served.includes('<html')).toBe(false);
    expect((await fileTypeFromBuffer(served))?.mime).toBe('image/jpeg');
    expect(await sharp(served).metadata()).toMatchObject({ width: 16, height: 16, format: 'jpeg' });
    // Nothing after the image's end marker.
    expect(served.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('refuses with 400 what looks like a picture but cannot be read, and stores nothing', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id);
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, 40);
    const res = await upload(link.path, truncated);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_PHOTO', message: 'This photo cannot be read.' });
    const empty = await upload(link.path, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const rows = await db()
      .select()
      .from(customerPhotos)
      .where(eq(customerPhotos.orderId, order.id));
    expect(rows).toHaveLength(0);
  });
});

describe('a link takes a limited number of photos', () => {
  it(`takes ${linkPhotoLimits.maxPhotos} photos, then says so; other links are not affected`, async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id);
    const png = await smallPng();
    for (let i = 0; i < linkPhotoLimits.maxPhotos; i += 1) {
      expect((await upload(link.path, png)).statusCode).toBe(201);
    }
    const refused = await upload(link.path, png);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'LINK_PHOTO_LIMIT_REACHED',
      message: expect.stringContaining('12 photos or 60 MB'),
    });
    const rows = await db()
      .select()
      .from(customerPhotos)
      .where(eq(customerPhotos.orderId, order.id));
    expect(rows).toHaveLength(linkPhotoLimits.maxPhotos);

    const other = await issue((await buildOrder(app)).id);
    expect((await upload(other.path, png)).statusCode).toBe(201);
  });

  it('counts uploads arriving together one by one', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id);
    const png = await smallPng();
    const answers = await Promise.all(
      Array.from({ length: linkPhotoLimits.maxPhotos + 4 }, () => upload(link.path, png)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(linkPhotoLimits.maxPhotos);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
  });

  it('stops at 60 MB stored, whatever the number of photos', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id);
    const png = await smallPng(64);
    expect((await upload(link.path, png)).statusCode).toBe(201);
    const [first] = await db()
      .select()
      .from(customerPhotos)
      .where(eq(customerPhotos.orderId, order.id));
    // Two earlier photos filling all but a few bytes of the allowance (rows as the upload makes them).
    await db()
      .insert(customerPhotos)
      .values(
        [0, 1].map(() => ({
          orderId: order.id,
          linkId: first!.linkId,
          purpose: 'customer_form',
          storageKey: first!.storageKey,
          contentType: 'image/png',
          bytes: Math.floor((linkPhotoLimits.maxBytes - first!.bytes - 10) / 2),
          createdAt: new Date(),
        })),
      );
    const refused = await upload(link.path, png);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LINK_PHOTO_LIMIT_REACHED');
    const rows = await db()
      .select()
      .from(customerPhotos)
      .where(eq(customerPhotos.orderId, order.id));
    expect(rows).toHaveLength(3);
  });
});

describe('photos no sent form took', () => {
  it('are deleted, record and file, by the hourly job once 24 hours old', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id);
    const png = await smallPng();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await upload(link.path, png)).json().id);
    const [sentWithForm, leftOut, recent] = ids as [string, string, string];
    const form = await app.inject({
      method: 'POST',
      url: `/api/public${link.path}`,
      payload: formWith([sentWithForm]),
      headers: sameOrigin(app),
      remoteAddress: nextAddress(),
    });
    expect(form.statusCode, form.body).toBe(200);

    const kitOrder = await buildOrder(app, {
      status: 'customer_submitted',
      kitStatus: 'dispatched',
    });
    const kitLink = await issue(kitOrder.id, 'kit_arrived');
    const boxPhoto = (await upload(kitLink.path, png)).json().id as string;
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/public${kitLink.path}`,
      payload: { serial: '', photoId: boxPhoto },
      headers: sameOrigin(app),
      remoteAddress: nextAddress(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const old = new Date(Date.now() - 25 * hourMs);
    await db()
      .update(customerPhotos)
      .set({ createdAt: old })
      .where(inArray(customerPhotos.id, [sentWithForm, leftOut, boxPhoto]));
    const keyOf = async (id: string) =>
      (await db().select().from(customerPhotos).where(eq(customerPhotos.id, id)))[0]?.storageKey;
    const leftOutKey = (await keyOf(leftOut))!;

    // Through the queue, as the schedule runs it.
    const worker = await createTestApp({
      workers: true,
      config: { DATA_DIR: app.deps.config.DATA_DIR },
    });
    await worker.queue.send(customerPhotoSweepJob, {});
    const fileGone = async () => ((await app.deps.adapters.storage.get(leftOutKey)) ? null : true);
    await waitFor(fileGone, { timeoutMs: 20_000 });
    await worker.close();

    expect(await keyOf(leftOut)).toBeUndefined();
    expect((await servedToOffice(leftOut)).statusCode).toBe(404);
    for (const kept of [sentWithForm, recent, boxPhoto]) {
      expect((await servedToOffice(kept)).statusCode, kept).toBe(200);
    }
  });

  it('is an hourly schedule', async () => {
    const { rows } = await app.deps.database.query(
      `select cron, timezone from pgboss.schedule where name = $1`,
      [customerPhotoSweepJob],
    );
    expect(rows).toEqual([{ cron: '40 * * * *', timezone: 'Europe/London' }]);
  });

  it('refuses a form whose photo was deleted meanwhile, and keeps the link usable', async () => {
    const order = await buildOrder(app);
    const link = await issue(order.id);
    const id = (await upload(link.path, await smallPng())).json().id as string;
    await db().delete(customerPhotos).where(eq(customerPhotos.id, id));
    const form = await app.inject({
      method: 'POST',
      url: `/api/public${link.path}`,
      payload: formWith([id]),
      headers: sameOrigin(app),
      remoteAddress: nextAddress(),
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().details).toEqual({
      photoIds: ['A photo could not be found; please add it again'],
    });
    const page = await app.inject({ method: 'GET', url: `/api/public${link.path}` });
    expect(page.json().state).toBe('open');
  });
});
