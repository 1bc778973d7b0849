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
