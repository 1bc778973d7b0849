import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks signing (https://www.standardwebhooks.com), decision 046.

const secretPrefix = 'whsec_';

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return secretPrefix + randomBytes(32).toString('base64');
}

/** The key bytes of a `whsec_` secret. */
function secretKey(secret: string): Buffer {
  if (!secret.startsWith(secretPrefix)) throw new Error('not a whsec_ secret');
  return Buffer.from(secret.slice(secretPrefix.length), 'base64');
}

/** One `v1,<base64>` signature of `${id}.${timestamp}.${body}`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * The `webhook-signature` header: one signature per secret in use, space-separated (the current
 * secret first; the previous one too while a rotation's grace period lasts).
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(' ');
}
