import { statusTones, type StatusTone } from '../status-tones';
import { slaStateLabels, type OrderStatus, type SlaState } from './order-status';

// PRODUCT.md "SLA": days from `received` to `completed`; default 14; a partner may have its own.
export const defaultSlaTargetDays = 14;
/** At risk once this share of the target has passed. */
export const slaAtRiskShare = 0.75;

const dayMs = 24 * 60 * 60 * 1000;

/** When the order becomes at risk and when it breaches. */
export function slaDeadlines(
  receivedAt: Date,
  targetDays: number,
): { atRiskAt: Date; dueAt: Date } {
  const start = receivedAt.getTime();
  return {
    atRiskAt: new Date(start + targetDays * dayMs * slaAtRiskShare),
    dueAt: new Date(start + targetDays * dayMs),
  };
}

/** The target in force: the partner's own when it has one, else the setting (default 14). */
export function slaTargetDays(
  partnerTargetDays: number | null | undefined,
  setting = defaultSlaTargetDays,
) {
  return partnerTargetDays && partnerTargetDays > 0 ? partnerTargetDays : setting;
}

/**
 * The state at `now`, or frozen at `endedAt` (completion or cancellation): past the target is
 * breached, past 75 % of it is at risk.
 */
export function slaState(input: {
  receivedAt: Date;
  targetDays: number;
  endedAt?: Date | null;
  now: Date;
}): SlaState {
  const { atRiskAt, dueAt } = slaDeadlines(input.receivedAt, input.targetDays);
  const at = (input.endedAt ?? input.now).getTime();
  if (at > dueAt.getTime()) return 'breached';
  if (at > atRiskAt.getTime()) return 'at_risk';
  return 'on_track';
}

/** The state from the deadlines stored on an order (what the list's SLA filter uses too). */
export function slaStateFromDeadlines(input: {
  atRiskAt: Date;
  dueAt: Date;
  stoppedAt: Date | null;
  now: Date;
}): SlaState {
  const at = (input.stoppedAt ?? input.now).getTime();
  if (at > input.dueAt.getTime()) return 'breached';
  if (at > input.atRiskAt.getTime()) return 'at_risk';
  return 'on_track';
}

/**
 * The SLA in words for an order in this status (issue 24): a cancelled order has none (null,
 * shown as "—"); a completed or closed one met or missed its target, it is no longer "on track".
 */
export function slaWords(
  status: OrderStatus,
  state: SlaState,
): { label: string; tone: StatusTone } | null {
  if (status === 'cancelled') return null;
  if (status === 'completed' || status === 'closed') {
    return state === 'breached'
      ? { label: 'Target missed', tone: 'danger' }
      : { label: 'Target met', tone: 'success' };
  }
  return { label: slaStateLabels[state], tone: statusTones.sla[state] };
}
