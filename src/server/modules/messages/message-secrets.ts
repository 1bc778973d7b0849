import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasOpenCode } from '../auth/codes.service';
import { hasOpenPasswordToken } from '../auth/password-tokens.service';
import { messages, type MessageRow } from './messages.schema';
import { publicLinkPaths } from '@shared/public-links/public-links.contracts';

/** What a spent code or link reads as in the outbox. */
export const maskedSecret = '••••••';

/**
 * Issue 9: in outbox mode back office reads other people's sign-in codes and set-password
 * links. Each is shown only while it can still be used: the newest of its kind for that person,
 * with its code or link neither used nor expired. After that the code and the link's token are
 * masked.
 */
async function maskSpentSecrets(db: Database, rows: MessageRow[]): Promise<MessageRow[]> {
  return Promise.all(
    rows.map(async (row) =>
      row.sensitive && row.body && !(await isLive(db, row))
        ? { ...row, body: mask(row.body) }
        : row,
    ),
  );
}

/**
 * What back office reads in the message log (list, one message, the answer to a resend or a
 * test): spent codes masked, and every customer link's token masked whether live or not. The
 * stored row keeps the whole text, which is what is delivered.
 */
export async function messagesForLog(db: Database, rows: MessageRow[]): Promise<MessageRow[]> {
  return (await maskSpentSecrets(db, rows)).map((row) => ({
    ...row,
    subject: row.subject === null ? null : maskLinkTokens(row.subject),
    body: maskLinkTokens(row.body),
  }));
}

/** How much of a customer link's token the log shows: enough to tell two links apart. */
export const shownTokenCharacters = 4;
const tokenTail = `([A-Za-z0-9_-]{${shownTokenCharacters}})[A-Za-z0-9_-]+`;
const customerLinkToken = new RegExp(
  `(${Object.values(publicLinkPaths).join('|')})/${tokenTail}`,
  'g',
);
// The portal's signed address, /customer/{orderNumber}?e={expiry}&s={signature}.
const portalSignature = new RegExp(`(/customer/[^\\s?#]+\\?(?:[^\\s#&]*&)*s=)${tokenTail}`, 'g');

/**
 * Issue 18: a customer-form or kit-arrived link, or a signed portal address, with its token
 * cut to its first characters. Back office sends a new link rather than copying one.
 */
export function maskLinkTokens(text: string): string {
  return text
    .replace(customerLinkToken, `$1/$2${maskedSecret}`)
    .replace(portalSignature, `$1$2${maskedSecret}`);
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
      return hasOpenCode(
        db,
        row.kind === 'sms_login_code'
          ? { purpose: 'sms_login', destination: row.to }
          : {
              purpose: 'two_factor_email',
              userId: row.relatedId ?? '00000000-0000-0000-0000-000000000000',
            },
        now,
      );
    }
    case 'invitation':
    case 'password_reset': {
      if (!row.relatedId || !(await isNewestOfItsKind(db, row))) return false;
      return hasOpenPasswordToken(
        db,
        row.relatedId,
        row.kind === 'invitation' ? 'invitation' : 'reset',
        now,
      );
    }
    default:
      return true;
  }
}
