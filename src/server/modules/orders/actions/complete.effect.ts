import { requiredCompletionSerials } from '@shared/orders/orders.contracts';
import { updateVisit, type VisitRow } from '../orders.repository';
import type { ActionEffect, AnyActionBody } from './action-effect';

/** What the completion record still lacks: the sign-off name and the required serials. */
function completionMissing(visit: VisitRow | null, body: AnyActionBody): string[] {
  const missing: string[] = [];
  const name = body.customerSignOffName ?? visit?.customerSignOffName;
  if (!name) missing.push('customer sign-off name');
  const serials = { ...(visit?.serials ?? {}), ...(body.serials ?? {}) };
  for (const serial of requiredCompletionSerials)
    if (!serials[serial]) missing.push(`${serial} serial`);
  return missing;
}

/** The visit ends completed with the sign-off and serials; the SLA clock stops. */
export const completeEffect: ActionEffect = async ({ tx, current, body, now }) => ({
  input: { completionMissing: completionMissing(current, body) },
  apply: async () => {
    await updateVisit(tx, current!.id, {
      status: 'completed',
      outcome: 'completed',
      checkedOutAt: now,
      customerSignOffName: body.customerSignOffName ?? current!.customerSignOffName,
      serials: { ...current!.serials, ...(body.serials ?? {}) },
      outcomeNotes: body.notes ?? current!.outcomeNotes,
      updatedAt: now,
    });
    return { values: { completedAt: now, slaStoppedAt: now }, data: { visitId: current!.id } };
  },
});
