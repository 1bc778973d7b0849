import { eq } from 'drizzle-orm';
import {
  photoCategories,
  type CompletionRequirement,
  type PhotoCategory,
} from '@shared/visits/visit-record';
import type { App } from '../../src/server/app';
import { visits } from '../../src/server/modules/visits/visits.schema';
import {
  completedRecordColumns,
  storeRecordEvidence,
  type RecordPlan,
} from '../../src/server/seed/completed-record';

/**
 * Fills a visit's installation record straight into the database, files included (through the
 * app's storage): every photo category, the serials, the speed test and the signature, as the
 * completion rule asks (issue 18). `without` leaves parts out, for the refusals.
 */
export async function fillVisitRecord(
  app: App,
  visitId: string,
  options: { without?: readonly CompletionRequirement[] } = {},
) {
  const db = app.deps.database.db;
  const [visit] = await db.select().from(visits).where(eq(visits.id, visitId));
  if (!visit) throw new Error(`No visit ${visitId}`);
  const without = new Set(options.without ?? []);
  const now = new Date();
  const plan: RecordPlan = {
    visitId,
    orderId: visit.orderId,
    engineerId: visit.engineerId,
    customerName: 'Morwenna Penrose',
    checkedInAt: visit.checkedInAt ?? new Date(now.getTime() - 2 * 3_600_000),
    signedAt: now,
    serials: { dish: 'DSH-100200', router: 'RTR-300400' },
  };
  const columns: Partial<typeof visits.$inferInsert> = completedRecordColumns(plan);
  if (without.has('serial:dish') || without.has('serial:router')) {
    columns.serials = without.has('serial:dish')
      ? { router: plan.serials.router }
      : { dish: plan.serials.dish };
  }
  if (without.has('commissioning')) columns.commissioning = null;
  if (without.has('signature')) {
    columns.signatureKey = null;
    columns.signedAt = null;
    columns.customerSignOffName = null;
  }
  await db
    .update(visits)
    .set({ ...columns, updatedAt: now })
    .where(eq(visits.id, visitId));
  const categories = photoCategories.filter(
    (category: PhotoCategory) => !without.has(`photo:${category}`),
  );
  await storeRecordEvidence(db, app.deps.adapters.storage, plan, {
    categories,
    signature: !without.has('signature'),
  });
}
