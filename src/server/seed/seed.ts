import { and, eq, sql } from 'drizzle-orm';
import type { StorageAdapter } from '../adapters/storage/storage.adapter';
import type { Database } from '../db/client';
import { appMeta } from '../db/meta.schema';
import { users } from '../modules/users/users.schema';
import type { Seeder } from './seeder';
import { demoSeeders } from './seeders';

export type { SeedContext, Seeder } from './seeder';

type SeedRecord = { demo: boolean; at: string };

/** The transaction-level advisory lock a first-start seed holds (decision 084). */
export const seedLockKey = 7_310_023_085n;

/**
 * Runs once, on the first start of an empty database. With SEED_DEMO=false the first start
 * records that no demo data was wanted, so later starts never add demo data to real work.
 */
export async function runFirstStartSeed(
  db: Database,
  options: { demo: boolean; seeders?: Seeder[]; now?: Date; storage?: StorageAdapter },
): Promise<{ seededNow: boolean; demo: boolean }> {
  const existing = await readSeedRecord(db);
  if (existing) return { seededNow: false, demo: existing.demo };
  const now = options.now ?? new Date();
  // Several processes starting together on one new PostgreSQL database: the lock lets one seed;
  // the others, let in after its commit, find its record and leave the data alone.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey.toString()}::bigint)`);
    const seededMeanwhile = await readSeedRecord(tx as Database);
    if (seededMeanwhile) return { seededNow: false, demo: seededMeanwhile.demo };
    if (options.demo) {
      for (const seeder of options.seeders ?? demoSeeders)
        await seeder.run({ db: tx as Database, now, storage: options.storage });
    }
    const record: SeedRecord = { demo: options.demo, at: now.toISOString() };
    await tx.insert(appMeta).values({ key: 'seed', value: record });
    return { seededNow: true, demo: options.demo };
  });
}

export async function readSeedRecord(db: Database): Promise<SeedRecord | null> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, 'seed'));
  return (rows[0]?.value as SeedRecord | undefined) ?? null;
}

export function demoAnnouncements(seeders: Seeder[] = demoSeeders): string[] {
  return seeders.flatMap((seeder) => seeder.announce?.() ?? []);
}

/**
 * What the start-up banner says about demo data (issue 9, decision 023): the demo sign-ins on a
 * local server; a warning when demo accounts exist on a server others can reach; and, when no
 * back-office account can sign in yet, how to create the first one.
 */
export async function seedAnnouncement(
  db: Database,
  options: {
    demo: boolean;
    seededNow: boolean;
    publicUrl: string;
    loopback: boolean;
    seeders?: Seeder[];
  },
): Promise<string[]> {
  const lines: string[] = [];
  if (options.seededNow) {
    lines.push(
      options.demo
        ? 'Demo data added (first start).'
        : options.loopback
          ? 'First start without demo data (SEED_DEMO=false).'
          : `First start without demo data (${options.publicUrl} is not a local address; SEED_DEMO=true adds it).`,
    );
  }
  if (options.demo) {
    if (!options.loopback) {
      lines.push(
        '',
        `WARNING: demo accounts with a published password exist on ${options.publicUrl},`,
        'which is not a local address (SEED_DEMO=true). Anyone who reads the README can sign in.',
        'Remove them before real use: npm run cli -- demo:remove',
      );
    }
    const signIns = demoAnnouncements(options.seeders);
    if (signIns.length > 0) lines.push('', ...signIns);
  }
  const [backOffice] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'back_office'), eq(users.status, 'active')))
    .limit(1);
  if (!backOffice) {
    lines.push(
      '',
      'No back-office account can sign in yet. Create the first one with:',
      "  npm run cli -- user:create --email you@example.com --password '…' --role back_office --first Your --last Name",
    );
  }
  return lines;
}
