import type { CustomerPhotoUploaded } from '@shared/customer-links/customer-form.contracts';
import { sendJson } from '@web/lib/api-client';

/** POST /api/public/{customer-form|kit-arrived}/:token/photos (public): one resized JPEG. */
export function uploadCustomerPhoto(
  page: 'customer-form' | 'kit-arrived',
  token: string,
  dataBase64: string,
) {
  return sendJson<CustomerPhotoUploaded>(
    'POST',
    `/api/public/${page}/${encodeURIComponent(token)}/photos`,
    { dataBase64 },
  );
}
