import {
  bankHolidaysSettingsSchema,
  bookingSettingsSchema,
  companySettingsSchema,
  defaultAppointmentSlots,
  defaultBankHolidays,
  offeredSlots,
  defaultRetentionDays,
  defaultTwoFactorSettings,
  minimumRetentionDays,
  retentionSettingsSchema,
  sessionSettingsSchema,
  slaSettingsSchema,
  twoFactorSettingsSchema,
  type BankHolidaysSettings,
  type BookingSettings,
  type CompanySettings,
  type GeneralSettings,
  type RetentionSettings,
  type SessionSettings,
  type SlaSettings,
  type TwoFactorPolicy,
  type TwoFactorSettings,
} from '@shared/settings/settings.contracts';
import type { WorkingCalendar } from '@shared/settings/working-calendar';
import type { BookingRules } from '@shared/settings/booking-rules';
import { defaultCompanyContact } from '@shared/company-contact';
import {
  defaultWorkingDays,
  type CompanyContact,
} from '@shared/customer-links/customer-form.contracts';
import { defaultSlaTargetDays } from '@shared/orders/sla';
import type { AppDeps } from '../../app-deps';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { getMapTileUrl } from './map-tiles';
import { readSetting, writeSetting } from './settings.repository';

// The general settings (issue 21, decision 066). Each section is one key of the settings
// table, read from the database wherever it is used, so a save takes effect at once in every
// process; only the session limits, read on every request, are cached, for a few seconds.

export const settingKeys = {
  company: 'company_contact',
  logo: 'company_logo',
  sla: 'slaTargetDays',
  workingDays: 'working_days',
  slots: 'appointment_slots',
  bankHolidays: 'bank_holidays',
  twoFactor: 'two_factor_policy',
  sessions: 'session_limits',
  retention: 'customer_data_retention_days',
} as const;

type Logo = { key: string; contentType: string; savedAt: string };

async function readLogo(db: Database): Promise<Logo | null> {
  const value = (await readSetting(db, settingKeys.logo)) as Partial<Logo> | undefined;
  return value && typeof value.key === 'string' && typeof value.contentType === 'string'
    ? { key: value.key, contentType: value.contentType, savedAt: String(value.savedAt ?? '') }
    : null;
}

export { readLogo as getCompanyLogo };

/** Where the browser (and an email) fetches the logo; the version changes with each upload. */
export function logoPath(logo: Logo | null): string | null {
  return logo ? `/api/public/company-logo?v=${encodeURIComponent(logo.savedAt)}` : null;
}

async function readCompany(db: Database): Promise<CompanySettings> {
  const value = await readSetting(db, settingKeys.company);
  const stored = value && typeof value === 'object' ? (value as Partial<CompanySettings>) : {};
  return {
    name: stored.name || defaultCompanyContact.name,
    address: stored.address ?? defaultCompanyContact.address,
    phone: stored.phone || defaultCompanyContact.phone,
    email: stored.email || defaultCompanyContact.email,
    hours: stored.hours || defaultCompanyContact.hours,
  };
}

/** The company's details and logo, for the customer's pages, messages and the certificate. */
export async function getCompanyContact(db: Database): Promise<CompanyContact> {
  const [company, logo] = await Promise.all([readCompany(db), readLogo(db)]);
  return { ...company, logoUrl: logoPath(logo) };
}

/** Days of the week we install on, 0 Sunday … 6 Saturday (setting; default Monday to Friday). */
export async function getWorkingDays(db: Database): Promise<number[]> {
  const value = await readSetting(db, settingKeys.workingDays);
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)
  ) {
    return value as number[];
  }
  return [...defaultWorkingDays];
}

export async function getAppointmentSlots(db: Database): Promise<BookingSettings['slots']> {
  const value = await readSetting(db, settingKeys.slots);
  const parsed = bookingSettingsSchema.safeParse({ workingDays: [1], slots: value });
  return parsed.success ? parsed.data.slots : defaultAppointmentSlots;
}

export async function getBankHolidays(db: Database): Promise<BankHolidaysSettings['bankHolidays']> {
  const value = await readSetting(db, settingKeys.bankHolidays);
  const parsed = bankHolidaysSettingsSchema.safeParse({ bankHolidays: value });
  return parsed.success ? parsed.data.bankHolidays : defaultBankHolidays;
}

/** The working weekdays and the bank holidays: what makes a date one we install on. */
export async function getWorkingCalendar(db: Database): Promise<WorkingCalendar> {
  const [workingDays, holidays] = await Promise.all([getWorkingDays(db), getBankHolidays(db)]);
  return { workingDays, bankHolidays: holidays.map((holiday) => holiday.date) };
}

/** The working days, bank holidays and offered slots: what a visit may be booked on and in. */
export async function getBookingRules(db: Database): Promise<BookingRules> {
  const [workingDays, bankHolidays, slots] = await Promise.all([
    getWorkingDays(db),
    getBankHolidays(db),
    getAppointmentSlots(db),
  ]);
  return { workingDays, bankHolidays, offeredSlots: offeredSlots(slots) };
}

/** The SLA target in days of a partner without its own (setting; default defaultSlaTargetDays). */
export async function getSlaTargetDays(db: Database): Promise<number> {
  return slaTargetDaysFrom(await readSetting(db, settingKeys.sla));
}

/** The SLA setting's stored value (settingKeys.sla) as days, the default when unset or invalid. */
export function slaTargetDaysFrom(value: unknown): number {
  const days = typeof value === 'number' ? value : Number((value as { days?: number })?.days);
  return Number.isInteger(days) && days > 0 ? days : defaultSlaTargetDays;
}

export async function getTwoFactorPolicies(db: Database): Promise<TwoFactorSettings> {
  const value = await readSetting(db, settingKeys.twoFactor);
  const parsed = twoFactorSettingsSchema.safeParse({
    ...defaultTwoFactorSettings,
    ...(value && typeof value === 'object' ? value : {}),
  });
  return parsed.success ? parsed.data : defaultTwoFactorSettings;
}

/** Whether a user of this role is asked for a second factor at sign-in: off, optional or required. */
export async function getTwoFactorPolicy(db: Database, role: string): Promise<TwoFactorPolicy> {
  const policies = await getTwoFactorPolicies(db);
  return (policies as Record<string, TwoFactorPolicy>)[role] ?? 'optional';
}

/** How long customer data is kept after the order closes (setting, at least 30 days). */
export async function getCustomerDataRetentionDays(db: Database): Promise<number> {
  const value = await readSetting(db, settingKeys.retention);
  return typeof value === 'number' && Number.isInteger(value) && value >= minimumRetentionDays
    ? value
    : defaultRetentionDays;
}

async function readSessionLimits(db: Database, config: Config): Promise<SessionSettings> {
  const value = await readSetting(db, settingKeys.sessions);
  const parsed = sessionSettingsSchema.safeParse(value);
  return parsed.success
    ? parsed.data
    : { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS };
}

/** The session limits are read on every request: kept this long per database handle. */
export const sessionLimitsCacheMs = 5_000;
const sessionCache = new WeakMap<Database, { limits: SessionSettings; readAt: number }>();

/** Idle and maximum session lengths (setting; default SESSION_IDLE_MINUTES, SESSION_MAX_HOURS). */
export async function getSessionLimits(
  db: Database,
  config: Config,
  now = Date.now(),
): Promise<SessionSettings> {
  const cached = sessionCache.get(db);
  if (cached && now - cached.readAt < sessionLimitsCacheMs && now >= cached.readAt) {
    return cached.limits;
  }
  const limits = await readSessionLimits(db, config);
  sessionCache.set(db, { limits, readAt: now });
  return limits;
}

export async function getGeneralSettings(
  deps: Pick<AppDeps, 'config' | 'database'>,
): Promise<GeneralSettings> {
  const db = deps.database.db;
  const [company, logo, sla, workingDays, slots, holidays, twoFactor, sessions, tileUrl, days] =
    await Promise.all([
      readCompany(db),
      readLogo(db),
      getSlaTargetDays(db),
      getWorkingDays(db),
      getAppointmentSlots(db),
      getBankHolidays(db),
      getTwoFactorPolicies(db),
      readSessionLimits(db, deps.config),
      getMapTileUrl(db),
      getCustomerDataRetentionDays(db),
    ]);
  return {
    company: { ...company, logoUrl: logoPath(logo) },
    sla: { slaTargetDays: sla },
    booking: { workingDays, slots },
    bankHolidays: { bankHolidays: holidays },
    twoFactor,
    sessions,
    mapTiles: { tileUrl },
    retention: { customerDataRetentionDays: days },
  };
}

/** Writes the section's keys and one audit row with the section before and after. */
async function saveSection<T>(
  db: Database,
  section: string,
  before: T,
  after: T,
  writes: [key: string, value: unknown][],
  context: AuditContext,
) {
  await inTransaction(db, async (tx) => {
    const now = new Date();
    for (const [key, value] of writes) {
      await writeSetting(tx, key, value, context.actorUserId ?? null, now);
    }
    await recordAudit(tx, {
      ...context,
      action: auditActions.settingsChanged,
      targetType: 'setting',
      targetId: section,
      details: { before, after },
    });
  });
  return after;
}

export async function saveCompanySettings(
  db: Database,
  input: CompanySettings,
  context: AuditContext,
) {
  const after = companySettingsSchema.parse(input);
  await saveSection(
    db,
    'company',
    await readCompany(db),
    after,
    [[settingKeys.company, after]],
    context,
  );
  return getCompanyContact(db);
}

export async function saveSlaSettings(db: Database, input: SlaSettings, context: AuditContext) {
  const after = slaSettingsSchema.parse(input);
  const before = { slaTargetDays: await getSlaTargetDays(db) };
  return saveSection(db, 'sla', before, after, [[settingKeys.sla, after.slaTargetDays]], context);
}

export async function saveBookingSettings(
  db: Database,
  input: BookingSettings,
  context: AuditContext,
) {
  const after = bookingSettingsSchema.parse(input);
  const before = { workingDays: await getWorkingDays(db), slots: await getAppointmentSlots(db) };
  return saveSection(
    db,
    'booking',
    before,
    after,
    [
      [settingKeys.workingDays, after.workingDays],
      [settingKeys.slots, after.slots],
    ],
    context,
  );
}

const holidayWords = (list: BankHolidaysSettings['bankHolidays']) =>
  list.map((holiday) => `${holiday.date} ${holiday.name}`);

export async function saveBankHolidays(
  db: Database,
  input: BankHolidaysSettings,
  context: AuditContext,
) {
  const after = bankHolidaysSettingsSchema.parse(input);
  const before = await getBankHolidays(db);
  const [was, now] = [holidayWords(before), holidayWords(after.bankHolidays)];
  await inTransaction(db, async (tx) => {
    await writeSetting(
      tx,
      settingKeys.bankHolidays,
      after.bankHolidays,
      context.actorUserId ?? null,
      new Date(),
    );
    // The whole list before and after could pass the audit row's size cap: the changes with it.
    await recordAudit(tx, {
      ...context,
      action: auditActions.settingsChanged,
      targetType: 'setting',
      targetId: 'bank_holidays',
      details: {
        added: now.filter((entry) => !was.includes(entry)),
        removed: was.filter((entry) => !now.includes(entry)),
        before: was,
        after: now,
      },
    });
  });
  return after;
}

export async function saveTwoFactorSettings(
  db: Database,
  input: TwoFactorSettings,
  context: AuditContext,
) {
  const after = twoFactorSettingsSchema.parse(input);
  const before = await getTwoFactorPolicies(db);
  return saveSection(db, 'two_factor', before, after, [[settingKeys.twoFactor, after]], context);
}

export async function saveSessionSettings(
  deps: Pick<AppDeps, 'config' | 'database'>,
  input: SessionSettings,
  context: AuditContext,
) {
  const db = deps.database.db;
  const after = sessionSettingsSchema.parse(input);
  const before = await readSessionLimits(db, deps.config);
  await saveSection(db, 'sessions', before, after, [[settingKeys.sessions, after]], context);
  sessionCache.delete(db);
  return after;
}

export async function saveRetentionSettings(
  db: Database,
  input: RetentionSettings,
  context: AuditContext,
) {
  const after = retentionSettingsSchema.parse(input);
  const before = { customerDataRetentionDays: await getCustomerDataRetentionDays(db) };
  return saveSection(
    db,
    'retention',
    before,
    after,
    [[settingKeys.retention, after.customerDataRetentionDays]],
    context,
  );
}
