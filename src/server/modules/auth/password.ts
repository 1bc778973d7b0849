import { readFileSync } from 'node:fs';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { maxPasswordLength, minPasswordLength } from '@shared/auth/auth.contracts';

// OWASP's Argon2id floor: m=19 MiB, t=2, p=1 (docs/decisions/006-sessions-and-passwords.md).
const argon2idOptions = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, unusable with isolatedModules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2idOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when there is no account (or no password yet), so the
 * answer takes about as long whether or not the email address is known.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('uplink-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Set<string> | undefined;

/** The list shipped in src/server/modules/auth/common-passwords.txt (one a line, lower case). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line.length > 0 && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

export type PasswordProblem = 'too_short' | 'too_long' | 'common';

/** Why a new password is refused, or null. Length counts characters; nothing is truncated. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < minPasswordLength) return 'too_short';
  if (length > maxPasswordLength) return 'too_long';
  if (isCommonPassword(password)) return 'common';
  return null;
}
