// Sends one outbox item over the network: JSON changes as JSON, a photo as its JPEG bytes with
// the sha256 the server checks. The item's id is the Idempotency-Key (decision 019).
import { idempotencyKeyHeader } from '@shared/idempotency';
import { photoChecksumHeader } from '@shared/visits/visit-record';
import type { Transport } from './outbox';

export const fetchTransport: Transport = async (item, photo) => {
  const headers: Record<string, string> = { [idempotencyKeyHeader]: item.id };
  let body: BodyInit | undefined;
  if (item.photoId && item.method === 'PUT') {
    if (!photo?.blob) return { status: 410, text: 'The photo is no longer on this device' };
    headers['Content-Type'] = photo.blob.type || 'image/jpeg';
    headers[photoChecksumHeader] = photo.sha256;
    body = photo.blob;
  } else if (item.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(item.body);
  }
  const res = await fetch(item.url, { method: item.method, headers, body, credentials: 'include' });
  return { status: res.status, text: await res.text() };
};
