import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings } from './settings.schema';

export async function readSetting(db: Database, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

export async function writeSetting(
  db: Database,
  key: string,
  value: unknown,
  updatedBy: string | null,
  now: Date,
) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now, updatedBy } });
}
