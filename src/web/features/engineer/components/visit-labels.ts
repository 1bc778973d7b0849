import type { EngineerVisit } from '@shared/visits/visit-record';
import type { VisitStep } from '../offline/visit-actions';

export const slotLabels: Record<string, string> = {
  am: 'Morning',
  pm: 'Afternoon',
  all_day: 'All day',
};

export function slotLabel(slot: EngineerVisit['slot']): string {
  return slotLabels[slot] ?? slot;
}

export function visitHref(visitId: string, step?: VisitStep | 'fail'): string {
  return step ? `/engineer/visits/${visitId}/${step}` : `/engineer/visits/${visitId}`;
}
