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

/** Today, Tomorrow, or the weekday and date. */
export function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  const tomorrow = new Date(`${today}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  if (date === tomorrow.toISOString().slice(0, 10)) return 'Tomorrow';
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}
