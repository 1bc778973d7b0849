import { z } from 'zod';
import { normaliseUkPhone } from '../phone';
import { normaliseUkPostcode } from '../uk-postcode';
import { calendarDate } from './calendar-date';
import { multilineText, safeText } from './text';

// Field rules shared by the order, customer, partner and contractor contracts.
export const orderMessages = {
  required: 'Required',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid UK phone number',
  invalidPostcode: 'Please enter a valid UK postcode',
  invalidDate: 'Please enter a date as YYYY-MM-DD',
  invalidCoverage: 'Use postcode areas or districts such as EX, TR or PL12',
  reasonRequired: 'A reason is required',
  money: 'Enter an amount in pence, 0 or more',
  contactNeeded: 'Give an email address or a phone number',
} as const;

export const uuid = z.uuid();
export const idParams = z.object({ id: z.uuid() });

/** One line of text (multiline: notes and the like keep line breaks); no control characters. */
export const requiredText = (max: number, options: { multiline?: boolean } = {}) =>
  safeText({ ...options, error: orderMessages.required })
    .trim()
    .min(1, orderMessages.required)
    .max(max);
/** Optional free text: empty becomes null. */
export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  safeText(options)
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = safeText({ error: orderMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: orderMessages.invalidEmail }).max(254));

/** A UK phone, stored as +44… */
export const phoneField = safeText({ error: orderMessages.invalidPhone }).transform(
  (value, ctx) => {
    const normalised = normaliseUkPhone(value);
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: orderMessages.invalidPhone });
      return z.NEVER;
    }
    return normalised;
  },
);

/** A UK postcode, normalised (`ex11aa` → `EX1 1AA`). */
export const postcodeField = safeText({ error: orderMessages.invalidPostcode }).transform(
  (value, ctx) => {
    // An empty postcode is missing, not malformed (issue 10).
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: orderMessages.required });
      return z.NEVER;
    }
    const normalised = normaliseUkPostcode(value);
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: orderMessages.invalidPostcode });
      return z.NEVER;
    }
    return normalised;
  },
);

/** A calendar day, YYYY-MM-DD (see src/shared/schema/calendar-date.ts). */
export const dateOnly = calendarDate;

export const pence = z
  .number({ error: orderMessages.money })
  .int(orderMessages.money)
  .min(0, orderMessages.money)
  .max(100_000_000, orderMessages.money);

export const reasonField = multilineText({ error: orderMessages.reasonRequired })
  .trim()
  .min(1, orderMessages.reasonRequired)
  .max(1000);

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

export const isoDateTime = z.string();

export const refSchema = z.object({ id: z.uuid(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** `a,b,c` or a repeated query parameter, into a list of allowed values. */
export const listOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([safeText(), z.array(safeText())])
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const parts = (Array.isArray(raw) ? raw : [raw])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter(Boolean);
      for (const part of parts) {
        if (!(values as readonly string[]).includes(part)) {
          ctx.addIssue({ code: 'custom', message: `Unknown value ${part}` });
          return z.NEVER;
        }
      }
      return parts.length > 0 ? (parts as T[number][]) : undefined;
    });

export const moneyNote = 'Amounts are integers in pence (GBP).';
