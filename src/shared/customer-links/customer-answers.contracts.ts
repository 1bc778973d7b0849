import { z } from 'zod';
import { visitSlots, type VisitSlot } from '../orders/order-status';
import {
  availabilitySlotLabels,
  listedAnswers,
  propertyTypeLabels,
  propertyTypes,
  tenures,
} from './customer-form.contracts';

// Issue 24: what the customer sent on the customer form, as every staff page reads it (the
// back-office order and customer, the contractor's order, the installation page, the engineer's
// visit). One projection on the server (customer-answers.service) fills it; contact details are
// not in it: they live on the customer.

export const availabilityEntry = z.object({ date: z.string(), slot: z.enum(visitSlots) });
export type AvailabilityEntry = z.infer<typeof availabilityEntry>;

export const customerAnswersSchema = z.object({
  submittedAt: z.string(),
  propertyType: z.enum(propertyTypes),
  tenure: z.enum(tenures),
  landlordPermission: z.boolean(),
  listedBuilding: z.enum(listedAnswers),
  dishPosition: z.string(),
  accessNotes: z.string(),
  /** The dates and times the customer said they are in, earliest first. */
  availability: z.array(availabilityEntry),
  /** The photos sent with the form, each served by the authorised customer-photo route. */
  photos: z.array(z.object({ id: z.uuid(), url: z.string() })),
});
export type CustomerAnswers = z.infer<typeof customerAnswersSchema>;

/** The earliest date the customer said they are in, or null when they gave none. */
export function firstAvailableDate(availability: readonly { date: string }[]): string | null {
  const dates = availability.map((entry) => entry.date).sort();
  return dates[0] ?? null;
}

// The answers in words, for the people who read them (the form's own labels speak as the
// customer: "I own it").

export const tenureWords = { owner: 'Owns the property', tenant: 'Rents the property' } as const;
export const listedWords = {
  no: 'No',
  yes: 'Yes',
  not_sure: 'The customer is not sure',
} as const;

export function tenureInWords(answers: Pick<CustomerAnswers, 'tenure' | 'landlordPermission'>) {
  if (answers.tenure !== 'tenant') return tenureWords.owner;
  return answers.landlordPermission
    ? `${tenureWords.tenant}; the landlord has given permission`
    : `${tenureWords.tenant}; landlord permission not confirmed`;
}

export const propertyInWords = (answers: Pick<CustomerAnswers, 'propertyType'>) =>
  propertyTypeLabels[answers.propertyType] ?? answers.propertyType;

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 2026-11-30 → `Mon 30/11/2026` (UK order); anything else as given. */
export function ukDateWithDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [year, month, day] = [match[1]!, match[2]!, match[3]!];
  const weekday = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay();
  return `${weekdays[weekday]} ${day}/${month}/${year}`;
}

/** `Mon 30/11/2026, morning`. */
export function availabilityInWords(entry: { date: string; slot: VisitSlot }): string {
  const slot = availabilitySlotLabels[entry.slot] ?? entry.slot;
  return `${ukDateWithDay(entry.date)}, ${slot.toLowerCase()}`;
}
