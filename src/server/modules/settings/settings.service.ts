import {
  defaultWorkingDays,
  type CompanyContact,
} from '@shared/customer-journey/customer-form.contracts';
import {
  commissioningThresholdsSchema,
  defaultCommissioningThresholds,
  type CommissioningThresholds,
} from '@shared/visits/visit-record';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { readSetting, writeSetting } from './settings.repository';

const smsLoginKey = 'sms_login_enabled';

/** spec §2: whether the login page offers SMS sign-in. Starts from SMS_LOGIN_ENABLED. */
export async function isSmsLoginEnabled(deps: Pick<AppDeps, 'config' | 'database'>) {
  const value = await readSetting(deps.database.db, smsLoginKey);
  return typeof value === 'boolean' ? value : deps.config.SMS_LOGIN_ENABLED;
}

export async function setSmsLoginEnabled(
  deps: Pick<AppDeps, 'database'>,
  enabled: boolean,
  context: AuditContext,
) {
  await inTransaction(deps.database.db, async (tx) => {
    await writeSetting(tx, smsLoginKey, enabled, context.actorUserId ?? null, new Date());
    await recordAudit(tx, {
      ...context,
      action: auditActions.smsLoginSettingChanged,
      targetType: 'setting',
      targetId: smsLoginKey,
      details: { enabled },
    });
  });
}

const companyContactKey = 'company_contact';
const workingDaysKey = 'working_days';

/** The contact details the customer's pages show (PRODUCT.md /settings "company details"). */
export const defaultCompanyContact: CompanyContact = {
  name: 'Uplink Installations',
  phone: '0300 123 4567',
  email: 'help@uplink.local',
  hours: 'Monday to Friday, 9am to 5pm',
};

export async function getCompanyContact(db: Database): Promise<CompanyContact> {
  const value = await readSetting(db, companyContactKey);
  if (value && typeof value === 'object') return { ...defaultCompanyContact, ...value };
  return defaultCompanyContact;
}

/** Days of the week we install on, 0 Sunday … 6 Saturday (setting; default Monday to Friday). */
export async function getWorkingDays(db: Database): Promise<number[]> {
  const value = await readSetting(db, workingDaysKey);
  if (Array.isArray(value) && value.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)) {
    return value as number[];
  }
  return [...defaultWorkingDays];
}

const commissioningThresholdsKey = 'commissioning_thresholds';

/** Issue 13: the speed-test thresholds the engineer's readings are held against. */
export async function getCommissioningThresholds(db: Database): Promise<CommissioningThresholds> {
  const value = await readSetting(db, commissioningThresholdsKey);
  const parsed = commissioningThresholdsSchema.safeParse({
    ...defaultCommissioningThresholds,
    ...(value && typeof value === 'object' ? value : {}),
  });
  return parsed.success ? parsed.data : defaultCommissioningThresholds;
}
