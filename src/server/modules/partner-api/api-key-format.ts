import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { apiKeyPrefix } from '@shared/partner-api/partner-api.contracts';

// Decision 043: partner API keys look like GitHub's tokens. `upk_live_`, 30 random base62
// characters (~178 bits), then a 6-character base62 CRC32 of what comes before. The prefix makes a
// leaked key recognisable (secret scanners, our own log redaction); the checksum lets us refuse a
// mistyped or made-up key without touching the database.

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomLength = 30;
const checksumLength = 6;
/** How much of the random part the stored, displayable prefix keeps. */
const shownLength = 8;
const keyPattern = new RegExp(
  `^${apiKeyPrefix}([0-9A-Za-z]{${randomLength}})([0-9A-Za-z]{${checksumLength}})$`,
);

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i += 1) {
    out = alphabet[rest % 62]! + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes above are skipped so every character is equally likely.
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), checksumLength);
}

export type NewApiKey = { key: string; prefix: string; hash: string };

/** A fresh key: the key (shown once), its displayable prefix, and the hash we keep. */
export function generateApiKey(): NewApiKey {
  const body = `${apiKeyPrefix}${randomBase62(randomLength)}`;
  const key = `${body}${checksum(body)}`;
  return { key, prefix: displayPrefix(key), hash: hashApiKey(key) };
}

/** Whether the text has our shape and a checksum that matches (no database needed). */
export function isWellFormedApiKey(key: string): boolean {
  const match = keyPattern.exec(key);
  if (!match) return false;
  return checksum(`${apiKeyPrefix}${match[1]}`) === match[2];
}

/** `upk_live_` and the first random characters: enough to tell keys apart, useless to an attacker. */
export function displayPrefix(key: string): string {
  return key.slice(0, apiKeyPrefix.length + shownLength);
}

/** sha256 is enough for a 178-bit random secret (decision 043): no dictionary to guess from. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
