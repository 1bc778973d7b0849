import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authCodes } from '../../db/schema/auth-codes';
import { messages, type MessageRow } from '../../db/schema/messages';
import { passwordTokens } from '../../db/schema/tokens';

/** What a spent code or link reads as in the outbox. */
export const maskedSecret = '••••••';

/**
 * Issue 9: in outbox mode back office reads other people's sign-in codes and set-password
 * links. Each is shown only while it can still be used: the newest of its kind for that person,
 * with its code or link neither used nor expired. After that the code and the link's token are
 * masked.
 */
export async function maskSpentSecrets(db: Database, rows: MessageRow[]): Promise<MessageRow[]> {
  return Promise.all(
    rows.map(async (row) =>
      row.sensitive && row.body && !(await isLive(db, row))
        ? { ...row, body: mask(row.body) }
        : row,
    ),
  );
}

export function mask(body: string): string {
  return body
    .replace(/\b\d{6}\b/g, maskedSecret)
    .replace(/([?&]token=)[^\s&]+/g, `$1${maskedSecret}`);
}

async function isNewestOfItsKind(db: Database, row: MessageRow) {
  const [newest] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.kind, row.kind),
        row.relatedId ? eq(messages.relatedId, row.relatedId) : eq(messages.to, row.to),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return newest?.id === row.id;
}

async function isLive(db: Database, row: MessageRow): Promise<boolean> {
  const now = new Date();
  switch (row.kind) {
    case 'two_factor_code':
    case 'sms_login_code': {
      if (!(await isNewestOfItsKind(db, row))) return false;
      const [open] = await db
        .select({ id: authCodes.id })
        .from(authCodes)
        .where(
          and(
            row.kind === 'sms_login_code'
              ? and(eq(authCodes.purpose, 'sms_login'), eq(authCodes.destination, row.to))
              : and(
                  eq(authCodes.purpose, 'two_factor_email'),
                  eq(authCodes.userId, row.relatedId ?? '00000000-0000-0000-0000-000000000000'),
                ),
            isNull(authCodes.consumedAt),
            gt(authCodes.expiresAt, now),
          ),
        )
        .limit(1);
      return !!open;
    }
    case 'invitation':
    case 'password_reset': {
      if (!row.relatedId || !(await isNewestOfItsKind(db, row))) return false;
      const [open] = await db
        .select({ id: passwordTokens.id })
        .from(passwordTokens)
        .where(
          and(
            eq(passwordTokens.userId, row.relatedId),
            eq(passwordTokens.purpose, row.kind === 'invitation' ? 'invitation' : 'reset'),
            isNull(passwordTokens.usedAt),
            gt(passwordTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return !!open;
    }
    default:
      return true;
  }
}
