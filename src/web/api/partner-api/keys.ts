import type { ApiRequestLogQuery } from '@shared/partner-api/partner-api.contracts';

/** Cache keys of the partner API's back-office calls (decision 020). */
export const partnerApiKeys = {
  apiKeys: ['/api/partner-api/keys'] as const,
  apiKeyList: (includeRevoked: boolean) => [...partnerApiKeys.apiKeys, { includeRevoked }] as const,
  requests: ['/api/partner-api/requests'] as const,
  requestList: (query: ApiRequestLogQuery) => [...partnerApiKeys.requests, query] as const,
  settings: ['/api/partner-api/settings'] as const,
  blockedIps: ['/api/blocked-ips'] as const,
};

/** `?a=1&b=2` from the set values of a query object. */
export function toSearch(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
