import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { cspNoncePlaceholder } from '@shared/csp-nonce';

// Issue 18: every response gets its own CSP nonce (128 random bits), made the first time it is
// asked for: by the Content-Security-Policy header (helmet's script-src, per request) and by the
// HTML that carries it, so the two always agree and no nonce outlives its response.

const nonces = new WeakMap<ServerResponse, string>();

/** This response's nonce. */
export function cspNonceOf(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(response, nonce);
  }
  return nonce;
}

/** The HTML with the build's placeholder replaced by this response's nonce. */
export function withCspNonce(html: string, response: ServerResponse): string {
  return html.replaceAll(cspNoncePlaceholder, cspNonceOf(response));
}
