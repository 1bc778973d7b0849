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

export {
  defaultMapTileUrl,
  getMapTileUrl,
  mapTileOrigin,
  refreshMapTileOrigin,
  setMapTileUrl,
} from './map-tiles';
export { assertBookable } from './booking-rules.service';
/** A setting another area keeps under its own key (the partner API's), read and written whole. */
export { readSetting, writeSetting } from './settings.repository';

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

export {
  getAppointmentSlots,
  getBankHolidays,
  getBookingRules,
  getCompanyContact,
  getCompanyLogo,
  getCustomerDataRetentionDays,
  getGeneralSettings,
  getSessionLimits,
  getSlaTargetDays,
  getTwoFactorPolicy,
  getWorkingCalendar,
  getWorkingDays,
} from './general-settings.service';
