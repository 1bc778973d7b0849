import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DispatchMap } from '@shared/dispatch/dispatch.contracts';
import { getJson } from '@web/lib/api-client';
import { dispatchKeys } from './keys';

/** GET /api/dispatch/map: waiting orders placed by postcode district, and the tile server. */
export function fetchDispatchMap(): Promise<DispatchMap> {
  return getJson<DispatchMap>('/api/dispatch/map');
}

export function dispatchMapQuery() {
  return queryOptions({ queryKey: dispatchKeys.map(), queryFn: fetchDispatchMap });
}

export function useDispatchMap() {
  return useQuery(dispatchMapQuery());
}
