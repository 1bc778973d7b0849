// A refused change takes back what it wrote on the device (decision 059): the visit's local
// record loses that part and reopens at that step, so nothing moves on past a refusal.
import type { EngineerDb, OutboxItem } from './db';
import { isVisitStep, visitSteps } from './visit-steps';

/** Call inside a transaction that includes `db.progress`. */
export async function rollBackRefused(db: EngineerDb, item: OutboxItem): Promise<void> {
  if (!item.undo) return;
  const progress = await db.progress.get(item.visitId);
  if (!progress) return;
  const record = { ...progress.record };
  delete record[item.undo.key];
  const undoAt = item.undo.step ?? progress.step;
  // Two refusals on one visit reopen it at the earlier step; a change made beside the steps
  // ("On my way") reopens none.
  const step =
    isVisitStep(progress.step) &&
    isVisitStep(undoAt) &&
    visitSteps.indexOf(progress.step) < visitSteps.indexOf(undoAt)
      ? progress.step
      : undoAt;
  await db.progress.put({ ...progress, record, step, updatedAt: Date.now() });
}
