import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { auditActions, recordAudit, type AuditContext } from '../audit/audit.service';
import { readSetting, writeSetting } from './settings.repository';

// The dispatch map's tile server (issue 12, decision 035): a setting, with OpenStreetMap's
// standard tiles by default. The browser fetches the tiles, so the page's Content-Security-Policy
// must allow the server's origin: `mapTileOrigin()` answers it from a short-lived cache that the
// web app plugin refreshes before serving a page.

const mapTilesKey = 'map_tile_url';
export const defaultMapTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export async function getMapTileUrl(db: Database): Promise<string> {
  const value = await readSetting(db, mapTilesKey);
  return typeof value === 'string' && value !== '' ? value : defaultMapTileUrl;
}

let cached = { origin: originOf(defaultMapTileUrl), readAt: 0 };
const cacheMs = 30_000;

function originOf(url: string): string {
  try {
    // Tile templates may carry {s} sub-domains: allow them as a wildcard.
    const parsed = new URL(url.replace('{s}.', 'a.'));
    const host = url.includes('{s}.') ? `*.${parsed.host.replace(/^a\./, '')}` : parsed.host;
    return `${parsed.protocol}//${host}`;
  } catch {
    return "'self'";
  }
}

/** The tile server's origin for the CSP img-src, as last read. */
export function mapTileOrigin(): string {
  return cached.origin;
}

/** Re-reads the setting when the cached origin is older than 30 seconds. */
export async function refreshMapTileOrigin(db: Database, now = Date.now()): Promise<void> {
  if (now - cached.readAt < cacheMs) return;
  cached = { origin: originOf(await getMapTileUrl(db)), readAt: now };
}

export async function setMapTileUrl(db: Database, tileUrl: string, context: AuditContext) {
  const before = await getMapTileUrl(db);
  await inTransaction(db, async (tx) => {
    await writeSetting(tx, mapTilesKey, tileUrl, context.actorUserId ?? null, new Date());
    await recordAudit(tx, {
      ...context,
      action: auditActions.mapTilesSettingChanged,
      targetType: 'setting',
      targetId: mapTilesKey,
      details: { tileUrl, before: { tileUrl: before }, after: { tileUrl } },
    });
  });
  cached = { origin: originOf(tileUrl), readAt: Date.now() };
}
