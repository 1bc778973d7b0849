import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { maxLogoBytes } from '@shared/settings/settings.contracts';
import type { AppDeps } from '../../app-deps';
import { inTransaction } from '../../db/transaction';
import { badRequest } from '../../errors';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { getCompanyContact, getCompanyLogo, settingKeys } from './general-settings.service';
import { writeSetting } from './settings.repository';

type Deps = Pick<AppDeps, 'database' | 'adapters'>;

// The company logo (issue 21): PNG, JPEG or SVG, judged by the bytes, never by the name. Every
// upload is redrawn as a PNG at most 600 x 200: what is served is a plain image (an SVG's
// scripts and links do not survive) that the certificate's PDF can embed too.

const maxEdge = { width: 600, height: 200 };
const logoFolder = 'company-logo/';

const refuse = (message: string) => badRequest(message, { dataBase64: [message] });

/** Whether the text is an SVG document (an XML prolog, comments and a doctype may come first). */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

async function kindOf(bytes: Buffer): Promise<'png' | 'jpeg' | 'svg' | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'image/png') return 'png';
  if (type?.mime === 'image/jpeg') return 'jpeg';
  const textual = !type || type.mime === 'application/xml' || type.mime === 'image/svg+xml';
  if (textual && looksLikeSvg(bytes)) return 'svg';
  return null;
}

export async function uploadCompanyLogo(deps: Deps, dataBase64: string, context: AuditContext) {
  const bytes = Buffer.from(dataBase64.replace(/\s+/g, ''), 'base64');
  if (bytes.length === 0) throw refuse('Choose a file');
  if (bytes.length > maxLogoBytes) throw refuse('The logo must be 1 MB or smaller');
  const kind = await kindOf(bytes);
  if (!kind) throw refuse('The logo must be a PNG, JPEG or SVG image, whatever its name says');
  let png: Buffer;
  try {
    png = await sharp(bytes, { limitInputPixels: 40_000_000, density: kind === 'svg' ? 144 : 72 })
      .resize({ ...maxEdge, fit: 'inside', withoutEnlargement: kind !== 'svg' })
      .png()
      .toBuffer();
  } catch {
    throw refuse('This image cannot be read');
  }
  const db = deps.database.db;
  const before = await getCompanyLogo(db);
  const key = `${logoFolder}${randomUUID()}.png`;
  await deps.adapters.storage.put(key, png, 'image/png');
  const logo = { key, contentType: 'image/png', savedAt: new Date().toISOString() };
  await inTransaction(db, async (tx) => {
    await writeSetting(tx, settingKeys.logo, logo, context.actorUserId ?? null, new Date());
    await recordAudit(tx, {
      ...context,
      action: auditActions.settingsChanged,
      targetType: 'setting',
      targetId: 'company_logo',
      details: {
        before: { logo: before ? 'set' : 'none' },
        after: { logo: 'set', uploadedAs: kind.toUpperCase() },
      },
    });
  });
  if (before) await deps.adapters.storage.delete(before.key);
  return getCompanyContact(db);
}

export async function removeCompanyLogo(deps: Deps, context: AuditContext) {
  const db = deps.database.db;
  const before = await getCompanyLogo(db);
  if (before) {
    await inTransaction(db, async (tx) => {
      await writeSetting(tx, settingKeys.logo, {}, context.actorUserId ?? null, new Date());
      await recordAudit(tx, {
        ...context,
        action: auditActions.settingsChanged,
        targetType: 'setting',
        targetId: 'company_logo',
        details: { before: { logo: 'set' }, after: { logo: 'none' } },
      });
    });
    await deps.adapters.storage.delete(before.key);
  }
  return getCompanyContact(db);
}

/** The logo's bytes (a PNG), or null when none is set. */
export async function readCompanyLogo(deps: Deps): Promise<Buffer | null> {
  const logo = await getCompanyLogo(deps.database.db);
  return logo ? deps.adapters.storage.get(logo.key) : null;
}
