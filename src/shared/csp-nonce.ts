/**
 * What the built HTML carries where a CSP nonce goes (Vite's `html.cspNonce`, the partner API's
 * docs page); the server swaps it for the response's own nonce (issue 18).
 */
export const cspNoncePlaceholder = 'UPLINK_CSP_NONCE';
