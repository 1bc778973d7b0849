import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contractors } from '../modules/contractors/contractors.schema';

/** The demo contractor company the demo contractor, engineer and dual accounts belong to. */
export const demoContractorName = 'Tamar Satellite Services Ltd';

/** The demo contractor company row, for the seeders after the orders seeder and for tests. */
export async function findDemoContractor(db: Database) {
  const [row] = await db.select().from(contractors).where(eq(contractors.name, demoContractorName));
  return row ?? null;
}
