import { describe, expect, it } from 'vitest';
import { getTestDatabase, resetTestDatabase } from '../../../tests/support/test-database';
import { appMeta } from '../db/meta.schema';
import { readSeedRecord, runFirstStartSeed, type Seeder } from './seed';

describe('first-start seed', () => {
  it('runs the seeders once and records it', async () => {
    await resetTestDatabase();
    const { db } = await getTestDatabase();
    let runs = 0;
    const seeder: Seeder = {
      name: 'counting',
      async run(ctx) {
        runs += 1;
        await ctx.db.insert(appMeta).values({ key: 'counting', value: runs });
      },
    };
    const first = await runFirstStartSeed(db, { demo: true, seeders: [seeder] });
    const second = await runFirstStartSeed(db, { demo: true, seeders: [seeder] });
    expect(first).toEqual({ seededNow: true, demo: true });
    expect(second).toEqual({ seededNow: false, demo: true });
    expect(runs).toBe(1);
  });

  it('with demo data off, records the first start and never seeds later', async () => {
    await resetTestDatabase();
    const { db } = await getTestDatabase();
    let runs = 0;
    const seeder: Seeder = { name: 'never', run: async () => void (runs += 1) };
    await runFirstStartSeed(db, { demo: false, seeders: [seeder] });
    await runFirstStartSeed(db, { demo: true, seeders: [seeder] });
    expect(runs).toBe(0);
    expect((await readSeedRecord(db))?.demo).toBe(false);
  });

  it('leaves nothing behind when a seeder fails', async () => {
    await resetTestDatabase();
    const { db } = await getTestDatabase();
    const failing: Seeder = {
      name: 'failing',
      async run(ctx) {
        await ctx.db.insert(appMeta).values({ key: 'half', value: true });
        throw new Error('broken seed');
      },
    };
    await expect(runFirstStartSeed(db, { demo: true, seeders: [failing] })).rejects.toThrow(
      'broken seed',
    );
    expect(await readSeedRecord(db)).toBeNull();
    expect(await db.select().from(appMeta)).toEqual([]);
  });
});
