// Test helpers for backups: a fingerprint of every table and every stored file.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { StorageAdapter } from '../../src/server/adapters/storage/storage.adapter';
import type { DatabaseHandle } from '../../src/server/db/client';
import { backupPrefix } from '../../src/server/modules/backup/backup-store';

/** Each application table's row count and an md5 of its rows (the backup runs left out). */
export async function tableFingerprints(handle: DatabaseHandle) {
  const { rows } = await handle.query(
    `select tablename from pg_tables where schemaname = 'public' and tablename <> 'backup_runs' order by 1`,
  );
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { tablename } of rows) {
    const name = String(tablename);
    // The backup's own audit rows come after it was made: compare the rest.
    const where = name === 'audit_log' ? `where t.action not like 'backup.%'` : '';
    const [row] = (
      await handle.query(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
           from public."${name}" t ${where}`,
      )
    ).rows;
    result[name] = { rows: Number(row!.n), md5: String(row!.h) };
  }
  return result;
}

export async function fileFingerprints(storage: StorageAdapter) {
  const result: Record<string, string> = {};
  for await (const file of storage.list('')) {
    if (file.key.startsWith(backupPrefix)) continue;
    const bytes = await storage.get(file.key);
    result[file.key] = createHash('sha256').update(bytes!).digest('hex');
  }
  return result;
}

/** A tar's members by name (a test reads small archives whole). */
export function readTarGz(gzipped: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(gzipped);
  const members = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const text = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const name = [text(345, 155), text(0, 100)].filter(Boolean).join('/');
    const size = parseInt(text(124, 12).trim(), 8);
    members.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return members;
}
