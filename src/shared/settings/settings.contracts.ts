import { z } from 'zod';
import { visitSlots, type VisitSlot } from '../orders/order-status';
import { normaliseUkPhone } from '../phone';
import { staffRoles, type StaffRole } from '../roles';
import { typedDate } from '../schema/calendar-date';
import { plainText, requiredText } from '../customer-links/text-fields';
import { englandAndWalesBankHolidays } from './bank-holidays';

// /settings, the spec's "General settings" (issue 21, decision 066): one form per section, each
// saved by its own PUT /api/settings/<section> with the schema below, on both sides.

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** PUT /api/settings/company. The logo has its own upload. */
export const companySettingsSchema = z.object({
  name: requiredText('Company name', 200),
  address: plainText('Address', 500, { multiline: true }),
  phone: requiredText('Phone', 30).refine((value) => normaliseUkPhone(value) !== null, {
    message: 'Please enter a valid UK phone number',
  }),
  email: requiredText('Email', 254).refine((value) => z.email().safeParse(value).success, {
    message: 'Please enter a valid email address',
  }),
  hours: requiredText('Opening hours', 200),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export type CompanySettingsView = CompanySettings & { logoUrl: string | null };

/** POST /api/settings/company/logo: a PNG, JPEG or SVG file, base64. */
export const maxLogoBytes = 1024 * 1024;
export const companyLogoUpload = z.object({
  dataBase64: z
    .string()
    .min(1, 'Choose a file')
    .max(Math.ceil((maxLogoBytes * 4) / 3) + 4, 'The logo must be 1 MB or smaller')
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'The file did not arrive whole; please choose it again'),
});

/** PUT /api/settings/sla: the target of a partner without its own. */
export const slaSettingsSchema = z.object({
  slaTargetDays: wholeNumber('Enter a whole number of days from 1 to 365', 1, 365),
});
export type SlaSettings = z.infer<typeof slaSettingsSchema>;

const clockTime = z
  .string({ error: 'Enter a time as HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM');
const halfDay = z.object({ offered: z.boolean(), start: clockTime, end: clockTime });

/** PUT /api/settings/booking: the days we install on and the slots a visit is booked in. */
export const bookingSettingsSchema = z
  .object({
    workingDays: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'Choose at least one working day')
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    slots: z.object({ am: halfDay, pm: halfDay, all_day: z.object({ offered: z.boolean() }) }),
  })
  .superRefine((value, ctx) => {
    for (const half of ['am', 'pm'] as const) {
      const { start, end } = value.slots[half];
      if (end <= start) {
        ctx.addIssue({
          code: 'custom',
          path: ['slots', half, 'end'],
          message: 'The slot must end after it starts',
        });
      }
    }
    if (value.slots.pm.start < value.slots.am.end) {
      ctx.addIssue({
        code: 'custom',
        path: ['slots', 'pm', 'start'],
        message: 'The afternoon cannot start before the morning ends',
      });
    }
    if (!visitSlots.some((slot) => value.slots[slot].offered)) {
      ctx.addIssue({
        code: 'custom',
        path: ['slots', 'am', 'offered'],
        message: 'Offer at least one slot',
      });
    }
  });
export type BookingSettings = z.output<typeof bookingSettingsSchema>;

export const defaultAppointmentSlots: BookingSettings['slots'] = {
  am: { offered: true, start: '08:00', end: '12:00' },
  pm: { offered: true, start: '12:00', end: '17:00' },
  all_day: { offered: true },
};

/** The slots a visit may be booked in, in order. */
export function offeredSlots(slots: BookingSettings['slots']): VisitSlot[] {
  return visitSlots.filter((slot) => slots[slot].offered);
}

/** `8am`, `12:30pm`: a clock time the way the customer reads it. */
export function clockWords(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'pm' : 'am';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${suffix}`;
}

/** `8am to 12pm`: when a visit in this slot may start and end. */
export function slotHours(slots: BookingSettings['slots'], slot: VisitSlot): string {
  const from = slot === 'pm' ? slots.pm.start : slots.am.start;
  const to = slot === 'am' ? slots.am.end : slots.pm.end;
  return `${clockWords(from)} to ${clockWords(to)}`;
}

/** PUT /api/settings/bank-holidays: the dates not worked, England and Wales by default. */
export const bankHolidaysSettingsSchema = z
  .object({
    bankHolidays: z
      .array(z.object({ date: typedDate, name: requiredText('Name', 100) }))
      .max(200, 'List at most 200 dates'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.bankHolidays.forEach((holiday, index) => {
      if (seen.has(holiday.date)) {
        ctx.addIssue({
          code: 'custom',
          path: ['bankHolidays', index, 'date'],
          message: 'This date is already listed',
        });
      }
      seen.add(holiday.date);
    });
  })
  .transform((value) => ({
    bankHolidays: [...value.bankHolidays].sort((a, b) => a.date.localeCompare(b.date)),
  }));
export type BankHolidaysSettings = z.output<typeof bankHolidaysSettingsSchema>;
export const defaultBankHolidays = englandAndWalesBankHolidays.map((holiday) => ({ ...holiday }));

/** PUT /api/settings/two-factor: per staff role, whether a second factor is asked at sign-in. */
export const twoFactorPolicies = ['off', 'optional', 'required'] as const;
export type TwoFactorPolicy = (typeof twoFactorPolicies)[number];
export const twoFactorPolicyLabels: Record<TwoFactorPolicy, string> = {
  off: 'Off',
  optional: 'Optional (each user’s choice)',
  required: 'Required',
};
const policy = z.enum(twoFactorPolicies, { error: 'Choose off, optional or required' });
export const twoFactorSettingsSchema = z.object({
  back_office: policy,
  contractor: policy,
  engineer: policy,
} satisfies Record<StaffRole, typeof policy>);
export type TwoFactorSettings = z.infer<typeof twoFactorSettingsSchema>;
export const defaultTwoFactorSettings: TwoFactorSettings = Object.fromEntries(
  staffRoles.map((role) => [role, 'optional']),
) as TwoFactorSettings;

/** PUT /api/settings/sessions: signed out after this long idle, and after this long at most. */
export const sessionLimits = {
  idleMinutes: { min: 5, max: 43_200 },
  maxHours: { min: 1, max: 8_760 },
} as const;
export const sessionSettingsSchema = z
  .object({
    idleMinutes: wholeNumber(
      `Enter a whole number of minutes from ${sessionLimits.idleMinutes.min} to ${sessionLimits.idleMinutes.max}`,
      sessionLimits.idleMinutes.min,
      sessionLimits.idleMinutes.max,
    ),
    maxHours: wholeNumber(
      `Enter a whole number of hours from ${sessionLimits.maxHours.min} to ${sessionLimits.maxHours.max}`,
      sessionLimits.maxHours.min,
      sessionLimits.maxHours.max,
    ),
  })
  .refine((value) => value.idleMinutes <= value.maxHours * 60, {
    path: ['idleMinutes'],
    message: 'The idle limit cannot be longer than the maximum length',
  });
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;

/** PUT /api/settings/retention: customer data is anonymised this long after the order closes. */
export const minimumRetentionDays = 30;
export const defaultRetentionDays = 730;
export const retentionSettingsSchema = z.object({
  customerDataRetentionDays: wholeNumber(
    `Enter a whole number of days from ${minimumRetentionDays} to 3650`,
    minimumRetentionDays,
    3650,
  ),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/** GET /api/settings/general: every section, as the page shows it. */
export type GeneralSettings = {
  company: CompanySettingsView;
  sla: SlaSettings;
  booking: BookingSettings;
  bankHolidays: BankHolidaysSettings;
  twoFactor: TwoFactorSettings;
  sessions: SessionSettings;
  mapTiles: { tileUrl: string };
  retention: RetentionSettings;
};
