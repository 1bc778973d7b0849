import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../../tests/support/s3-server';
import { testConfig } from '../../../../tests/support/test-config';
import { createS3Storage } from './s3-storage';
import { createFolderStorage, createStorageAdapter, type StorageAdapter } from './storage.adapter';

const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

function behavesAsStorage(name: string, make: () => StorageAdapter) {
  describe(name, () => {
    it('keeps, reads back and deletes bytes by key', async () => {
      const storage = make();
      await storage.put('visit-photos/2026-11/a.jpg', bytes, 'image/jpeg');
      expect(new Uint8Array((await storage.get('visit-photos/2026-11/a.jpg'))!)).toEqual(bytes);
      // Overwriting the same key keeps one file.
      await storage.put('visit-photos/2026-11/a.jpg', new Uint8Array([9]), 'image/jpeg');
      expect([...(await storage.get('visit-photos/2026-11/a.jpg'))!]).toEqual([9]);
      await storage.delete('visit-photos/2026-11/a.jpg');
      expect(await storage.get('visit-photos/2026-11/a.jpg')).toBeNull();
      await storage.delete('visit-photos/2026-11/a.jpg');
    });

    it('lists the files under a prefix with their times', async () => {
      const storage = make();
      const before = Date.now() - 60_000;
      await storage.put('listing/2026-11/one.jpg', bytes, 'image/jpeg');
      await storage.put('listing/2026-12/two.thumb.jpg', bytes, 'image/jpeg');
      await storage.put('listing-other/three.png', bytes, 'image/png');
      const all = async (prefix: string) => {
        const files = [];
        for await (const file of storage.list(prefix)) files.push(file);
        return files.sort((a, b) => a.key.localeCompare(b.key));
      };
      const listed = await all('listing/');
      expect(listed.map((f) => f.key)).toEqual([
        'listing/2026-11/one.jpg',
        'listing/2026-12/two.thumb.jpg',
      ]);
      for (const file of listed) {
        expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
        expect(file.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      }
      expect((await all('listing/2026-1')).map((f) => f.key)).toEqual([
        'listing/2026-11/one.jpg',
        'listing/2026-12/two.thumb.jpg',
      ]);
      expect((await all('listing')).map((f) => f.key)).toContain('listing-other/three.png');
      expect(await all('nothing-here/')).toEqual([]);
    });

    it('answers null for an unknown key and refuses keys that climb out', async () => {
      const storage = make();
      expect(await storage.get('nothing/here.jpg')).toBeNull();
      await expect(storage.put('../escape.jpg', bytes, 'image/jpeg')).rejects.toThrow(
        /Bad storage key/,
      );
      await expect(storage.get('a//b')).rejects.toThrow(/Bad storage key/);
    });
  });
}

let folder: string;
let s3: LocalS3;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'uplink-storage-'));
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
  await rm(folder, { recursive: true, force: true });
});

behavesAsStorage('folder storage', () => createFolderStorage(folder));
behavesAsStorage('S3 storage against a local S3 server', () =>
  createS3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: 'us-east-1',
    forcePathStyle: true,
  }),
);

describe('choosing the storage from the configuration', () => {
  it('uses a folder under DATA_DIR by default', async () => {
    const config = testConfig({ DATA_DIR: folder });
    const storage = createStorageAdapter(config);
    expect(storage.kind).toBe('folder');
    await storage.put('x/y.bin', bytes, 'application/octet-stream');
    expect(new Uint8Array(await readFile(path.join(config.DATA_DIR, 'uploads/x/y.bin')))).toEqual(
      bytes,
    );
  });

  it('uses the S3 server when S3_* are set', async () => {
    const storage = createStorageAdapter(
      testConfig({
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
    );
    expect(storage.kind).toBe('s3');
    await storage.put('config/z.bin', bytes, 'application/octet-stream');
    expect(new Uint8Array((await storage.get('config/z.bin'))!)).toEqual(bytes);
  });
});
