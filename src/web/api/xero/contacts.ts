import { useQuery } from '@tanstack/react-query';
import type { XeroContact } from '@shared/xero/xero.contracts';
import { getJson } from '@web/lib/api-client';
import { xeroKeys } from './keys';

/** GET /api/xero/contacts: each partner, contractor and direct customer's Xero contact. */
export function useXeroContacts() {
  return useQuery({
    queryKey: xeroKeys.contacts,
    queryFn: () => getJson<{ items: XeroContact[] }>('/api/xero/contacts'),
  });
}
