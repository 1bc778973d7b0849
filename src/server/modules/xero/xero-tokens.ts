import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config';

// Xero's tokens at rest (issue 22, decision 078): AES-256-GCM under XERO_TOKEN_KEY, or under a
// key derived from the session secret, so the database (and so a backup) never holds them plain.

export type XeroTokens = {
  accessToken: string;
  refreshToken: string;
};

const version = 'v1';
const aad = Buffer.from('uplink xero tokens');

export function tokenKey(config: Pick<Config, 'XERO_TOKEN_KEY' | 'SESSION_SECRET'>): Buffer {
  const given = config.XERO_TOKEN_KEY;
  if (given)
    return /^[0-9a-fA-F]{64}$/.test(given)
      ? Buffer.from(given, 'hex')
      : Buffer.from(given, 'base64');
  return Buffer.from(hkdfSync('sha256', config.SESSION_SECRET, 'uplink', 'xero token key', 32));
}

export function encryptTokens(key: Buffer, tokens: XeroTokens): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The tokens, or null when they cannot be read (another key: the connection must be made again). */
export function decryptTokens(key: Buffer, stored: string): XeroTokens | null {
  if (!stored.startsWith(`${version}:`)) return null;
  try {
    const raw = Buffer.from(stored.slice(version.length + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(aad);
    decipher.setAuthTag(raw.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as XeroTokens;
  } catch {
    return null;
  }
}
