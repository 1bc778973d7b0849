import { z } from 'zod';
import { visitSlots, type VisitSlot } from '../orders/order-status';
import { normaliseUkMobile } from '../uk-mobile';
import { normaliseUkPostcode } from '../uk-postcode';
import type { PublicLinkProblem } from '../public-links/public-links.contracts';
import { plainText, requiredText, typedDate } from './text-fields';

// Issue 11: the customer form, one schema for the page (react-hook-form) and the route.

export const propertyTypes = [
  'detached',
  'semi_detached',
  'terraced',
  'bungalow',
  'flat',
  'farm',
  'business',
  'other',
] as const;
export type PropertyType = (typeof propertyTypes)[number];
export const propertyTypeLabels: Record<PropertyType, string> = {
  detached: 'Detached house',
  semi_detached: 'Semi-detached house',
  terraced: 'Terraced house',
  bungalow: 'Bungalow',
  flat: 'Flat or apartment',
  farm: 'Farm or rural building',
  business: 'Business premises',
  other: 'Something else',
};

export const tenures = ['owner', 'tenant'] as const;
export const tenureLabels = { owner: 'I own it', tenant: 'I rent it' } as const;

export const listedAnswers = ['no', 'yes', 'not_sure'] as const;
export const listedAnswerLabels = { no: 'No', yes: 'Yes', not_sure: 'Not sure' } as const;

export const availabilitySlotLabels = {
  am: 'Morning',
  pm: 'Afternoon',
  all_day: 'All day',
} as const;

/** Weekdays as Date.getUTCDay() numbers: 0 Sunday … 6 Saturday. */
export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
export const defaultWorkingDays = [1, 2, 3, 4, 5] as const;

export const maxAvailability = 10;
export const maxFormPhotos = 5;
export const maxPhotoBytes = 8 * 1024 * 1024;
/**
 * Issue 18: what one link (one form) takes in all, counted on the server over every photo sent
 * through it (removed ones too): room to retake a few, not a free file store.
 */
export const linkPhotoLimits = { maxPhotos: 12, maxBytes: 60 * 1024 * 1024 } as const;

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** What the customer fills in, before checks that depend on the settings and the day. */
export const customerFormFields = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  phone: z
    .string()
    .trim()
    .min(1, 'Mobile number is required')
    .refine((v) => normaliseUkMobile(v) !== null, {
      message: 'Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)',
    }),
  email: plainText('Email', 254).refine((v) => v === '' || z.email().safeParse(v).success, {
    message: 'Please enter a valid email address',
  }),
  addressLine1: requiredText('Address line 1', 200),
  addressLine2: plainText('Address line 2', 200),
  town: requiredText('Town or city', 100),
  postcode: z
    .string()
    .trim()
    .min(1, 'Postcode is required')
    .refine((v) => normaliseUkPostcode(v) !== null, {
      message: 'Please enter a valid UK postcode',
    }),
  propertyType: z.enum(propertyTypes, { error: 'Choose the type of property' }),
  tenure: z.enum(tenures, { error: 'Tell us whether you own or rent the property' }),
  landlordPermission: z.boolean(),
  listedBuilding: z.enum(listedAnswers, {
    error: 'Tell us whether it is a listed building or in a conservation area',
  }),
  // Each message names its question as the form asks it (issue 24): "Where would you like the dish?"
  dishPosition: plainText('Where you would like the dish', 500, { multiline: true }).refine(
    (v) => v.length > 0,
    'Tell us where you would like the dish',
  ),
  accessNotes: plainText('Access notes', 1000, { multiline: true }),
  availability: z
    .array(z.object({ date: typedDate, slot: z.enum(visitSlots, { error: 'Choose a time' }) }))
    .min(1, 'Add at least one date when you are available')
    .max(maxAvailability, `Add at most ${maxAvailability} dates`),
  consentTerms: z.boolean(),
  consentMessages: z.boolean(),
  photoIds: z.array(z.uuid()).max(maxFormPhotos, `Add at most ${maxFormPhotos} photos`),
});
export type CustomerFormFields = z.input<typeof customerFormFields>;

export type CustomerFormRules = {
  /** 0 Sunday … 6 Saturday. */
  workingDays: readonly number[];
  /** YYYY-MM-DD dates not worked (/settings), when the server gives them. */
  bankHolidays?: readonly string[];
  /** The slots offered (/settings), in order, when the server gives them; else all. */
  slots?: readonly VisitSlot[];
  /** The first date that may be offered (tomorrow, London). */
  earliestDate: string;
  /** The last date that may be offered. */
  latestDate: string;
};

type AvailabilityEntry = { date?: unknown; slot?: unknown };

/** The times the customer may choose from: the slots offered, or every slot. */
export const availabilitySlotsOffered = (rules: CustomerFormRules): readonly VisitSlot[] =>
  rules.slots && rules.slots.length > 0 ? rules.slots : visitSlots;

/** The time a new date starts with: all day when offered, else the first offered. */
export const defaultAvailabilitySlot = (rules: CustomerFormRules): VisitSlot => {
  const offered = availabilitySlotsOffered(rules);
  return offered.includes('all_day') ? 'all_day' : offered[0]!;
};
type PartialAnswers = {
  tenure?: unknown;
  landlordPermission?: unknown;
  consentTerms?: unknown;
  availability?: unknown;
};

/** The form's schema with the rules that depend on the settings and today's date. */
export function customerFormSchema(rules: CustomerFormRules) {
  // `when: () => true`: these run even when another field is wrong, so every message shows at once.
  return customerFormFields.superRefine(
    (raw, ctx) => {
      // A body that is not an object (null, a list) is already refused as such.
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return;
      const value = raw as PartialAnswers;
      if (value.tenure === 'tenant' && value.landlordPermission !== true) {
        ctx.addIssue({
          code: 'custom',
          path: ['landlordPermission'],
          message: 'Please confirm your landlord has given permission',
        });
      }
      if (value.consentTerms !== true) {
        ctx.addIssue({
          code: 'custom',
          path: ['consentTerms'],
          message: 'Please agree to the terms of installation to continue',
        });
      }
      const seen = new Set<string>();
      const list = Array.isArray(value.availability)
        ? (value.availability as AvailabilityEntry[])
        : [];
      const offered = availabilitySlotsOffered(rules);
      list.forEach((entry, index) => {
        const slot = entry?.slot;
        if (visitSlots.includes(slot as VisitSlot) && !offered.includes(slot as VisitSlot)) {
          ctx.addIssue({
            code: 'custom',
            path: ['availability', index, 'slot'],
            message: `We do not offer ${availabilitySlotLabels[slot as VisitSlot].toLowerCase()} appointments; please choose another time`,
          });
        }
        if (typeof entry?.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.date)) return;
        const date = entry.date;
        const path = ['availability', index, 'date'];
        if (date < rules.earliestDate || date > rules.latestDate) {
          ctx.addIssue({
            code: 'custom',
            path,
            message: 'Choose a date from tomorrow in the next 8 weeks',
          });
        } else if (!rules.workingDays.includes(weekdayOf(date))) {
          ctx.addIssue({
            code: 'custom',
            path,
            message: `We do not install on ${weekdayNames[weekdayOf(date)]}s`,
          });
        } else if (rules.bankHolidays?.includes(date)) {
          ctx.addIssue({ code: 'custom', path, message: 'We do not install on bank holidays' });
        } else if (seen.has(`${date}:${String(entry.slot)}`)) {
          ctx.addIssue({ code: 'custom', path, message: 'This date and time is already listed' });
        }
        seen.add(`${date}:${String(entry.slot)}`);
      });
    },
    { when: () => true },
  );
}

export type CustomerFormAnswers = z.output<typeof customerFormFields>;

/** The company's contact details and logo, as the customer's pages get them (/settings). */
export const companyContactSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
  /** The postal address, lines separated by line breaks; may be empty. */
  address: z.string(),
  /** The logo's URL on this server, or null when none is set (/settings). */
  logoUrl: z.string().nullable(),
});
export type CompanyContact = z.infer<typeof companyContactSchema>;

/** GET /api/public/customer-form/:token */
export type CustomerFormPage =
  | {
      state: 'open';
      orderNumber: string;
      prefill: CustomerFormFields;
      rules: CustomerFormRules;
      company: CompanyContact;
    }
  | {
      state: 'sent';
      orderNumber: string;
      submittedAt: string;
      answers: CustomerFormAnswers;
      company: CompanyContact;
    }
  | { state: 'problem'; problem: PublicLinkProblem; company: CompanyContact };

/** POST /api/public/customer-form/:token/photos: a JPEG made on the device, base64. */
export const customerPhotoUpload = z.object({
  dataBase64: z
    .string()
    .min(1)
    .max(Math.ceil((maxPhotoBytes * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'The photo did not arrive whole; please add it again'),
});
export type CustomerPhotoUploaded = { id: string };
