import { queryOptions, useQuery } from '@tanstack/react-query';
import { readinessKeys } from './keys';

export type Readiness = {
  status: 'ready' | 'not_ready' | 'draining';
  checks: { database: boolean; migrations: boolean; seed: boolean };
};

/** GET /readyz: 200 when the server is ready, 503 with the failing checks otherwise. */
export async function fetchReadiness(): Promise<Readiness> {
  const res = await fetch('/readyz', { credentials: 'include', cache: 'no-store' });
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.includes('application/json')) {
    throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  }
  return (await res.json()) as Readiness;
}

export const readinessQuery = queryOptions({
  queryKey: readinessKeys.all,
  queryFn: fetchReadiness,
  // Checked each time the welcome page opens; never polled (spec §9).
  staleTime: 0,
  gcTime: 60_000,
  retry: false,
});

export function useReadiness() {
  return useQuery(readinessQuery);
}
