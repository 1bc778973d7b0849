import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitPaths } from '@shared/visits/visit-record';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import { makeJpeg, sha256 } from '../../../../tests/factories/photos';
import { waitFor, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { startLocalS3, type LocalS3 } from '../../../../tests/support/s3-server';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import type { StorageAdapter } from '../../adapters/storage/storage.adapter';
import { customerPhotos } from '../customer-links/customer-links.schema';
import { visitPhotos, visits } from '../visits/visits.schema';
import { storageKeyColumns } from './referenced-keys';
import { sweepGraceMs, sweepStoredFilesJob, sweepUnreferencedFiles } from './stored-files.service';

// Issue 18: a photo refused by the database once left both its files behind. Uploads now write
// files only once the request is valid and remove them when the row cannot be written; an hourly
// job deletes any stored file no row points to, an hour after it was written. Real files, on the
// folder adapter and on a local S3 server.

type World = { app: TestApp; engineer: AuthHeaders; orderId: string; visitId: string };

async function world(config: Record<string, string> = {}): Promise<World> {
  const app = await createTestApp({ config });
  const contractorId = (await createContractor(app)).id;
  const signedIn = await signInAs(app, 'engineer', { contractorId });
  const order = await buildOrder(app, {
    status: 'in_progress',
    kitStatus: 'arrived',
    contractorId,
    engineerId: signedIn.user.id,
  });
  const [visit] = await app.deps.database.db
    .select()
    .from(visits)
    .where(eq(visits.orderId, order.id));
  return { app, engineer: signedIn.headers, orderId: order.id, visitId: visit!.id };
}

async function upload(w: World, photoId: string, takenAt = new Date().toISOString()) {
  const bytes = await makeJpeg();
  return w.app.inject({
    method: 'PUT',
    url: `${visitPaths.photo(w.visitId, photoId)}?${new URLSearchParams({ category: 'mount', takenAt })}`,
    headers: {
      ...w.engineer,
      'idempotency-key': randomUUID(),
      'content-type': 'image/jpeg',
      'x-content-sha256': sha256(bytes),
    },
    payload: bytes,
  });
}

async function signOff(w: World) {
  const png = await sharp({
    create: { width: 120, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return w.app.inject({
    method: 'PUT',
    url: visitPaths.signOff(w.visitId),
    headers: { ...w.engineer, 'idempotency-key': randomUUID() },
    payload: {
      name: 'Morwenna Penrose',
      signaturePng: `data:image/png;base64,${png.toString('base64')}`,
      signedAt: new Date().toISOString(),
    },
  });
}

async function keysIn(storage: StorageAdapter, prefix = '') {
  const keys: string[] = [];
  for (const folder of prefix ? [prefix] : ['visit-photos/', 'visit-signatures/', 'other/'])
    for await (const file of storage.list(folder)) keys.push(file.key);
  return keys.sort();
}

/** A customer's photo with its row, as the customer form keeps it. */
async function customerPhoto(w: World, key: string) {
  await w.app.deps.adapters.storage.put(key, await makeJpeg(), 'image/jpeg');
  await w.app.deps.database.db.insert(customerPhotos).values({
    orderId: w.orderId,
    purpose: 'customer_form',
    storageKey: key,
    contentType: 'image/jpeg',
    bytes: 100,
    createdAt: new Date(),
  });
}

/** Text columns named `*_key` that hold something other than a stored file's key. */
const keyColumnsThatAreNotFiles = [
  'partner_api_requests.aggregate_key',
  // The Idempotency-Key sent to Xero with a document (decision 078).
  'xero_documents.idempotency_key',
];

describe('the sweep of files no row points to', () => {
  it('knows every column that holds a storage key', () => {
    const modules = import.meta.glob<Record<string, unknown>>('../../**/*.schema.ts', {
      eager: true,
    });
    const keyColumns = Object.values(modules)
      .flatMap((exports) => Object.values(exports))
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) =>
        Object.values(getTableColumns(table))
          .filter((column) => column.columnType === 'PgText' && column.name.endsWith('_key'))
          .map((column) => `${getTableName(table)}.${column.name}`),
      )
      .filter((column) => !keyColumnsThatAreNotFiles.includes(column));
    const swept = [...storageKeyColumns];
    expect(keyColumns.sort()).toEqual([...swept].sort());
    expect(swept).toHaveLength(4);
  });

  describe('on the folder adapter, run by its scheduled job', () => {
    let w: World;
    beforeAll(async () => {
      w = await world();
    });

    it('stands back while no row points to any file (a new database on old files)', async () => {
      const storage = w.app.deps.adapters.storage;
      await storage.put('visit-photos/2026-01/stray.jpg', await makeJpeg(), 'image/jpeg');
      const result = await sweepUnreferencedFiles(w.app.deps, {
        now: new Date(Date.now() + 2 * sweepGraceMs),
      });
      expect(result).toMatchObject({ skipped: true, examined: 1, deleted: [] });
      expect(await storage.get('visit-photos/2026-01/stray.jpg')).not.toBeNull();
    });

    it('refuses a photo taken in year 0, 1 or 99999 before writing a file', async () => {
      for (const takenAt of [
        '0000-01-01T00:00:00Z',
        '0001-01-01T00:00:00Z',
        '99999-01-01T00:00:00Z',
        '2101-01-01T00:00:00Z',
      ]) {
        const photoId = randomUUID();
        const res = await upload(w, photoId, takenAt);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().details.takenAt[0]).toMatch(/date and time/);
        expect(await keysIn(w.app.deps.adapters.storage, 'visit-photos/')).not.toContainEqual(
          expect.stringContaining(photoId),
        );
      }
    });

    it('keeps the device time when the camera’s own clock was never set', async () => {
      const bytes = await sharp({
        create: { width: 64, height: 48, channels: 3, background: '#16a34a' },
      })
        .withExif({ IFD0: { Make: 'Uplink' }, IFD2: { DateTimeOriginal: '1970:01:01 00:00:00' } })
        .jpeg()
        .toBuffer();
      const takenAt = '2026-11-20T10:15:00.000Z';
      const photoId = randomUUID();
      const res = await w.app.inject({
        method: 'PUT',
        url: `${visitPaths.photo(w.visitId, photoId)}?${new URLSearchParams({ category: 'site_after', takenAt })}`,
        headers: {
          ...w.engineer,
          'idempotency-key': randomUUID(),
          'content-type': 'image/jpeg',
          'x-content-sha256': sha256(bytes),
        },
        payload: bytes,
      });
      expect(res.statusCode, res.body).toBe(200);
      const photo = res.json().photos.find((p: { id: string }) => p.id === photoId);
      expect(photo.takenAt).toBe(takenAt);
    });

    it('removes both files when the database refuses the row', async () => {
      const db = w.app.deps.database.db;
      await db.execute(
        sql.raw(`create function refuse_visit_photo() returns trigger language plpgsql as $$
          begin raise exception 'the disk is full'; end $$`),
      );
      await db.execute(
        sql.raw(`create trigger refuse_visit_photo before insert on visit_photos
          for each row execute function refuse_visit_photo()`),
      );
      try {
        const photoId = randomUUID();
        const res = await upload(w, photoId);
        expect(res.statusCode).toBe(500);
        expect(await keysIn(w.app.deps.adapters.storage, 'visit-photos/')).not.toContainEqual(
          expect.stringContaining(photoId),
        );
      } finally {
        await db.execute(sql.raw('drop trigger refuse_visit_photo on visit_photos'));
        await db.execute(sql.raw('drop function refuse_visit_photo'));
      }
    });

    it('deletes old files no row points to, and keeps the rest', async () => {
      const { app } = w;
      const storage = app.deps.adapters.storage;
      const photoId = randomUUID();
      expect((await upload(w, photoId)).statusCode).toBe(200);
      expect((await signOff(w)).statusCode).toBe(200);
      const firstSignature = (await app.deps.database.db.select().from(visits)).find(
        (v) => v.id === w.visitId,
      )!.signatureKey!;
      // Signing again replaces the file; the old one goes at once.
      expect((await signOff(w)).statusCode).toBe(200);
      expect(await storage.get(firstSignature)).toBeNull();
      await customerPhoto(w, 'customer-photos/2026-11/kept.jpg');
      const orphans = [
        'visit-photos/2026-11/gone.jpg',
        'visit-photos/2026-11/gone.thumb.jpg',
        'visit-signatures/gone.png',
        'customer-photos/2026-11/gone.jpg',
        'visit-photos/2026-11/half-written.jpg.4242.1764000000000.tmp',
      ];
      for (const key of orphans) await storage.put(key, await makeJpeg(), 'image/jpeg');
      await storage.put('visit-photos/2026-11/just-now.jpg', await makeJpeg(), 'image/jpeg');
      await storage.put('other/not-ours.bin', new Uint8Array([1]), 'application/octet-stream');

      // Everything is two hours old except the upload still on its way.
      const root = path.join(app.deps.config.DATA_DIR, 'uploads');
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      const everything = [
        ...(await keysIn(storage)),
        ...(await keysIn(storage, 'customer-photos/')),
      ];
      for (const key of everything.filter((k) => !k.endsWith('just-now.jpg')))
        await utimes(path.join(root, key), twoHoursAgo, twoHoursAgo);
      const [photo] = await app.deps.database.db
        .select()
        .from(visitPhotos)
        .where(eq(visitPhotos.id, photoId));
      const [visit] = await app.deps.database.db
        .select()
        .from(visits)
        .where(eq(visits.id, w.visitId));
      const kept = [
        photo!.storageKey,
        photo!.thumbnailKey,
        visit!.signatureKey!,
        'customer-photos/2026-11/kept.jpg',
        'visit-photos/2026-11/just-now.jpg',
        'other/not-ours.bin',
      ];

      // The job as the schedule runs it, through the queue's worker.
      const worker = await createTestApp({
        workers: true,
        config: { DATA_DIR: app.deps.config.DATA_DIR },
      });
      await worker.queue.send(sweepStoredFilesJob, {});
      await waitFor(async () => ((await storage.get(orphans[0]!)) === null ? true : null), {
        timeoutMs: 20_000,
      });
      await worker.close();

      for (const key of orphans) expect(await storage.get(key), key).toBeNull();
      for (const key of kept) expect(await storage.get(key), key).not.toBeNull();
      const served = await app.inject({
        method: 'GET',
        url: visitPaths.photoFile(photoId),
        headers: w.engineer,
      });
      expect(served.statusCode).toBe(200);
    });
  });

  describe('on S3 (a local S3 server)', () => {
    let s3: LocalS3;
    let w: World;
    beforeAll(async () => {
      s3 = await startLocalS3();
      w = await world({
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      });
    });
    afterAll(async () => {
      await w?.app.close();
      await s3?.stop();
    });

    it('deletes what no row points to once the grace period is over', async () => {
      const storage = w.app.deps.adapters.storage;
      expect(storage.kind).toBe('s3');
      const photoId = randomUUID();
      expect((await upload(w, photoId)).statusCode).toBe(200);
      expect((await signOff(w)).statusCode).toBe(200);
      await customerPhoto(w, 'customer-photos/2026-11/kept.jpg');
      const orphans = ['visit-photos/2026-11/gone.jpg', 'customer-photos/2026-11/gone.jpg'];
      for (const key of orphans) await storage.put(key, await makeJpeg(), 'image/jpeg');
      const referenced = (await keysIn(storage)).filter((key) => !orphans.includes(key));
      expect(referenced).toHaveLength(3); // photo, thumbnail, signature

      // Within the hour, nothing goes.
      expect((await sweepUnreferencedFiles(w.app.deps)).deleted).toEqual([]);
      const later = await sweepUnreferencedFiles(w.app.deps, {
        now: new Date(Date.now() + 2 * sweepGraceMs),
      });
      expect(later.deleted.sort()).toEqual([...orphans].sort());
      for (const key of orphans) expect(await storage.get(key)).toBeNull();
      for (const key of [...referenced, 'customer-photos/2026-11/kept.jpg'])
        expect(await storage.get(key), key).not.toBeNull();
    });
  });
});
