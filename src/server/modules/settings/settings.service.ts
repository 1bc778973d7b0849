import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { settings } from '../../db/schema/settings';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';

const smsLoginKey = 'sms_login_enabled';

/** spec §2: whether the login page offers SMS sign-in. Starts from SMS_LOGIN_ENABLED. */
export async function isSmsLoginEnabled(deps: Pick<AppDeps, 'config' | 'database'>) {
  const [row] = await deps.database.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, smsLoginKey))
    .limit(1);
  return typeof row?.value === 'boolean' ? row.value : deps.config.SMS_LOGIN_ENABLED;
}

export async function setSmsLoginEnabled(
  deps: Pick<AppDeps, 'database'>,
  enabled: boolean,
  context: AuditContext,
) {
  const now = new Date();
  await deps.database.db
    .insert(settings)
    .values({
      key: smsLoginKey,
      value: enabled,
      updatedAt: now,
      updatedBy: context.actorUserId ?? null,
    })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: enabled, updatedAt: now, updatedBy: context.actorUserId ?? null },
    });
  await recordAudit(deps.database.db, {
    ...context,
    action: auditActions.smsLoginSettingChanged,
    targetType: 'setting',
    targetId: smsLoginKey,
    details: { enabled },
  });
}
