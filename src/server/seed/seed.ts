import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appMeta } from '../db/schema/meta';
import { demoSeeders } from './seeders';

export type SeedContext = { db: Database; now: Date };

/** One feature's demo data. Seeders run in list order, inside one transaction. */
export type Seeder = {
  name: string;
  run(ctx: SeedContext): Promise<void>;
  /** Lines to print when the server is ready, such as demo sign-ins. */
  announce?: () => string[];
};

type SeedRecord = { demo: boolean; at: string };

/**
 * Runs once, on the first start of an empty database. With SEED_DEMO=false the first start
 * records that no demo data was wanted, so later starts never add demo data to real work.
 */
export async function runFirstStartSeed(
  db: Database,
  options: { demo: boolean; seeders?: Seeder[]; now?: Date },
): Promise<{ seededNow: boolean; demo: boolean }> {
  const existing = await readSeedRecord(db);
  if (existing) return { seededNow: false, demo: existing.demo };
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    if (options.demo) {
      for (const seeder of options.seeders ?? demoSeeders)
        await seeder.run({ db: tx as Database, now });
    }
    const record: SeedRecord = { demo: options.demo, at: now.toISOString() };
    await tx.insert(appMeta).values({ key: 'seed', value: record });
  });
  return { seededNow: true, demo: options.demo };
}

export async function readSeedRecord(db: Database): Promise<SeedRecord | null> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, 'seed'));
  return (rows[0]?.value as SeedRecord | undefined) ?? null;
}

export function demoAnnouncements(seeders: Seeder[] = demoSeeders): string[] {
  return seeders.flatMap((seeder) => seeder.announce?.() ?? []);
}
