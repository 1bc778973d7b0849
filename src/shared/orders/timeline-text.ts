// Issue 10: every order event as one sentence a person reads at a glance. Written once here so
// the back office, the customer portal and a partner's event feed use the same words.
import { offDayCheckInWords } from '../visits/off-day-check-in';
import { orderEventWords, statusChangeWords } from '../status-words';
import {
  failureReasonLabels,
  kitStatusLabels,
  orderStatusLabels,
  type FailureReason,
  type KitStatus,
  type OrderStatus,
  type VisitSlot,
} from './order-status';

/** The parts of an order event a sentence is made from (OrderEvent satisfies it). */
export type TimelineEvent = {
  type: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  fromKitStatus?: KitStatus | null;
  toKitStatus?: KitStatus | null;
  reason: string | null;
  data: Record<string, unknown>;
};

/** Names the event data refers to by id; the caller knows them (e.g. from the order's visits). */
export type TimelineNames = {
  engineerName?: (engineerId: string) => string | undefined;
  contractorName?: (contractorId: string) => string | undefined;
  jobTypeName?: (jobTypeId: string) => string | undefined;
};

export const visitSlotWords: Record<VisitSlot, string> = {
  am: 'Morning',
  pm: 'Afternoon',
  all_day: 'All day',
};

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-28` → `Sat 28 Nov` (a calendar date: no time zone can move it). */
export function formatUkDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${weekdays[weekday]} ${day} ${months[month - 1]}`;
}

/** 11880 → `£118.80`; 123456 → `£1,234.56`. */
export function formatPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const pounds = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const pence = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function slotWord(slot: unknown): string | undefined {
  return typeof slot === 'string' && slot in visitSlotWords
    ? visitSlotWords[slot as VisitSlot].toLowerCase()
    : undefined;
}

/** `Sat 28 Nov, morning` */
function when(date: unknown, slot: unknown): string {
  return [text(date) ? formatUkDay(text(date)!) : undefined, slotWord(slot)]
    .filter(Boolean)
    .join(', ');
}

function name(lookup: ((id: string) => string | undefined) | undefined, id: unknown) {
  return typeof id === 'string' ? lookup?.(id) : undefined;
}

const sentence = (...parts: (string | undefined | null | false)[]) => {
  const joined = parts.filter(Boolean).join('');
  return /[.!?]$/.test(joined) ? joined : `${joined}.`;
};

const withReason = (reason: string | null) => (text(reason) ? `: ${text(reason)}` : '');

const fieldWords: Record<string, string> = {
  partnerReference: 'partner reference',
  jobTypeId: 'job type',
  pricePence: 'price',
  payoutPence: 'payout',
  requestedDate: 'requested date',
  notes: 'notes',
};

function changeText(field: string, change: unknown, names: TimelineNames): string {
  const words = fieldWords[field] ?? field.replace(/([A-Z])/g, ' $1').toLowerCase();
  const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
  const show = (value: unknown): string | undefined => {
    if (value === null || value === undefined || value === '') return undefined;
    if (field.endsWith('Pence'))
      return pence(value) === undefined ? undefined : formatPounds(value as number);
    if (field === 'requestedDate') return text(value) && formatUkDay(text(value)!);
    if (field === 'jobTypeId') return name(names.jobTypeName, value);
    if (field === 'notes') return undefined;
    return String(value);
  };
  const [before, after] = [show(from), show(to)];
  if (before && after) return `the ${words} from ${before} to ${after}`;
  if (after) return `the ${words} to ${after}`;
  if (before && (to === null || to === '')) return `cleared the ${words} (was ${before})`;
  return `the ${words}`;
}

/** One sentence for an order event, e.g. "Scheduled for Sat 28 Nov, morning, with Sam Smith." */
export function timelineText(event: TimelineEvent, names: TimelineNames = {}): string {
  const { data, reason } = event;
  const contractor =
    text(data.contractorName) ?? name(names.contractorName, data.contractorId) ?? undefined;

  switch (event.type) {
    case 'created':
      return sentence(
        'Order received',
        text(data.partnerReference) && ` with partner reference ${text(data.partnerReference)}`,
      );
    case 'edited': {
      const changes = Object.entries((data.changes ?? {}) as Record<string, unknown>);
      if (changes.length === 0) return 'Order details edited.';
      const parts = changes.map(([field, change]) => changeText(field, change, names));
      const list =
        parts.length === 1
          ? parts[0]!
          : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
      const changed = list.startsWith('cleared') ? list : `changed ${list}`;
      return sentence(changed.charAt(0).toUpperCase(), changed.slice(1));
    }
    case 'submit_customer_form':
      return sentence(
        'Customer form submitted',
        text(data.requestedDate) &&
          `; requested date set to ${formatUkDay(text(data.requestedDate)!)}, the first day the customer is in`,
      );
    case 'validate':
      return 'Customer details checked and the order validated.';
    case 'assign': {
      const payout = pence(data.payoutPence);
      const previous = pence(data.previousPayoutPence);
      const fromRateCard = data.payoutFromRateCard === true;
      return sentence(
        contractor ? `Offered to ${contractor}` : 'Offered to a contractor',
        payout !== undefined && `; payout ${formatPounds(payout)}`,
        payout !== undefined && fromRateCard && ' from their rate card',
        payout !== undefined &&
          previous !== undefined &&
          previous !== payout &&
          ` (was ${formatPounds(previous)})`,
      );
    }
    case 'unassign':
      return sentence(
        contractor ? `Withdrawn from ${contractor}` : 'Withdrawn from the contractor',
        withReason(reason),
      );
    case 'accept':
      return sentence(contractor ? `Accepted by ${contractor}` : 'Accepted by the contractor');
    case 'decline':
      return sentence(
        contractor ? `Declined by ${contractor}` : 'Declined by the contractor',
        withReason(reason),
      );
    case 'schedule': {
      const engineer = text(data.engineerName) ?? name(names.engineerName, data.engineerId);
      const slot = when(data.date, data.slot);
      return sentence(
        slot ? `Scheduled for ${slot}` : 'Visit scheduled',
        engineer && `, with ${engineer}`,
        text(data.kitOverrideReason) &&
          `. Booked before the kit arrived: ${text(data.kitOverrideReason)}`,
      );
    }
    case 'reschedule': {
      const from = (data.from ?? {}) as Record<string, unknown>;
      const to = (data.to ?? {}) as Record<string, unknown>;
      const engineer = text(to.engineerName) ?? name(names.engineerName, to.engineerId);
      const previousEngineer = text(from.engineerName) ?? name(names.engineerName, from.engineerId);
      const [before, after] = [when(from.date, from.slot), when(to.date, to.slot)];
      return sentence(
        after ? 'Rescheduled' : 'Visit rescheduled',
        before && before !== after && ` from ${before}`,
        after && ` to ${after}`,
        engineer && `, with ${engineer}`,
        previousEngineer &&
          engineer &&
          previousEngineer !== engineer &&
          ` (was ${previousEngineer})`,
        text(data.kitOverrideReason)
          ? `. Booked before the kit arrived: ${text(data.kitOverrideReason)}`
          : withReason(reason) && `. Booked before the kit arrived${withReason(reason)}`,
        text(data.kitOverrideReason) && withReason(reason) && `. Moved${withReason(reason)}`,
      );
    }
    case 'unschedule': {
      const engineer = text(data.engineerName) ?? name(names.engineerName, data.engineerId);
      const slot = when(data.date, data.slot);
      return sentence(
        slot ? `Visit of ${slot} unscheduled` : 'Visit unscheduled',
        engineer && ` (was with ${engineer})`,
        withReason(reason),
      );
    }
    case 'check_in': {
      // On another day than the booked one, with why (issue 24).
      const [booked, checkedIn] = [text(data.bookedDate), text(data.checkedInDate)];
      if (!booked || !checkedIn) return 'Engineer checked in on site.';
      const why = text(data.offDayReason) ?? text(reason) ?? null;
      return sentence('Engineer checked in on site. ', offDayCheckInWords(checkedIn, booked, why));
    }
    case 'complete':
      return 'Installation completed.';
    case 'fail': {
      const failure = text(data.failureReason);
      const label =
        failure && failure in failureReasonLabels
          ? failureReasonLabels[failure as FailureReason].toLowerCase()
          : failure;
      return sentence('Visit failed', label && ` (${label})`, text(reason) && `: ${text(reason)}`);
    }
    case 'close':
      return 'Order closed.';
    case 'hold':
      return sentence('Put on hold', withReason(reason));
    case 'resume':
      return sentence(
        'Taken off hold',
        event.toStatus && `, back to ${orderStatusLabels[event.toStatus].toLowerCase()}`,
      );
    case 'cancel':
      return sentence('Order cancelled', withReason(reason));
    case 'dispatch_kit':
      return sentence(
        'Kit dispatched',
        text(data.courier) && ` with ${text(data.courier)}`,
        text(data.trackingNumber) && `, tracking number ${text(data.trackingNumber)}`,
      );
    case 'confirm_kit_arrived':
      return sentence(
        'Kit arrived with the customer',
        text(data.serial) && `, serial ${text(data.serial)}`,
      );
    case 'reschedule_requested': {
      const dates = Array.isArray(data.dates)
        ? data.dates.filter((d): d is string => typeof d === 'string').map(formatUkDay)
        : [];
      return sentence(
        'The customer asked to reschedule',
        dates.length > 0 && `; suits them: ${dates.join(', ')}`,
        text(data.note) && `. Note: ${text(data.note)}`,
      );
    }
    case 'mark_kit_customer_supplied':
      return 'The customer supplies their own kit.';
    default: {
      const change =
        event.toStatus && event.fromStatus !== event.toStatus
          ? `. ${statusChangeWords(event.toStatus)}`
          : event.toKitStatus && event.fromKitStatus !== event.toKitStatus
            ? `. Kit status changed to ${kitStatusLabels[event.toKitStatus]}`
            : '';
      return sentence(orderEventWords(event.type), withReason(reason), change);
    }
  }
}
