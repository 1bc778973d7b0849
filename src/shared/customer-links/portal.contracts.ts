import { z } from 'zod';
import { safeText } from '../schema/text';
import type { VisitSlot } from '../orders/order-status';
import { normaliseUkPostcode } from '../uk-postcode';
import type { CompanyContact } from './customer-form.contracts';
import { plainText, typedDate } from './text-fields';

export const portalProofBody = z.object({
  postcode: z
    .string()
    .trim()
    .min(1, 'Postcode is required')
    .max(16, 'Please enter a valid UK postcode')
    .refine((v) => normaliseUkPostcode(v) !== null, {
      message: 'Please enter a valid UK postcode',
    }),
});

export const portalLinkBody = z.object({ e: safeText().max(20), s: safeText().max(100) });

export const rescheduleRequestBody = z.object({
  dates: z
    .array(typedDate)
    .min(1, 'Add at least one date that suits you')
    .max(5, 'Add at most 5 dates'),
  note: plainText('Note', 1000, { multiline: true }),
});
export type RescheduleRequestBody = z.input<typeof rescheduleRequestBody>;

export type PortalTimelineEntry = { at: string; text: string };

export type PortalView = {
  orderNumber: string;
  /** Where the order is, in a customer's words. */
  stage: string;
  timeline: PortalTimelineEntry[];
  kit: {
    text: string;
    courier: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
  };
  appointment: { date: string; slot: VisitSlot; engineerFirstName: string | null } | null;
  completion: {
    date: string;
    engineerFirstName: string | null;
    /** Each serial in words: "Dish serial D1". */ serials: string[];
  } | null;
  canRequestReschedule: boolean;
  company: CompanyContact;
};
