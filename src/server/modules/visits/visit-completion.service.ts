import {
  completionGaps,
  type CompletionInput,
  type CompletionRequirement,
} from '@shared/visits/visit-record';
import type { Database } from '../../db/client';
import { findPhotoCategoriesOfVisit, type VisitRow } from './visit-record.repository';

/**
 * The completion rule's input from a visit as stored (issue 18): serials count once saved
 * through their step, the signature once its image, name and time are all kept.
 */
export function completionInputOf(
  visit: VisitRow,
  photoCategories: readonly string[],
): CompletionInput {
  return {
    photoCategories,
    serials: visit.serialsSavedAt ? visit.serials : null,
    commissioning: visit.commissioning !== null,
    signature: !!(visit.signatureKey && visit.customerSignOffName && visit.signedAt),
  };
}

/**
 * What the visit's record still lacks before the order may be completed. Every completion
 * (the engineer app's, the order action, any later one) goes through the `complete` action's
 * effect, which asks this; there is no other way to a completed order.
 */
export async function visitCompletionGaps(
  db: Database,
  visit: VisitRow | null,
): Promise<CompletionRequirement[]> {
  if (!visit)
    return completionGaps({
      photoCategories: [],
      serials: null,
      commissioning: false,
      signature: false,
    });
  return completionGaps(completionInputOf(visit, await findPhotoCategoriesOfVisit(db, visit.id)));
}
