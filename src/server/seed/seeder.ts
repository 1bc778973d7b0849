import type { StorageAdapter } from '../adapters/storage/storage.adapter';
import type { Database } from '../db/client';

// The seeder types apart from seed.ts, which imports the list of seeders that use them.
/** `storage`: where demo files go (absent in tests that seed the database alone). */
export type SeedContext = { db: Database; now: Date; storage?: StorageAdapter };

/** One feature's demo data. Seeders run in list order, inside one transaction. */
export type Seeder = {
  name: string;
  run(ctx: SeedContext): Promise<void>;
  /** Lines to print when the server is ready, such as demo sign-ins. */
  announce?: () => string[];
};
