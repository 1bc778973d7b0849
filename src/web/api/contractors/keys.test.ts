import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contractorKeys } from './keys';
import { contractorsQuery } from './list-contractors';

describe('contractor query keys', () => {
  it('puts every screen’s contractor list under the one key a create or update invalidates', async () => {
    const queryClient = new QueryClient();
    // The users screen and the orders filter (no filter), the contractors screen (search and
    // active flag), the assign dialog (a postcode they cover), contractor management (active).
    const screens = [
      contractorsQuery(),
      contractorsQuery({ q: 'kernow', active: 'true' }),
      contractorsQuery({ covers: 'TR1 1AA' }),
      contractorsQuery({ active: 'true' }),
    ];
    for (const query of screens) queryClient.setQueryData(query.queryKey, { items: [] });

    await queryClient.invalidateQueries({ queryKey: contractorKeys.lists });

    for (const query of screens) {
      expect(queryClient.getQueryState(query.queryKey)?.isInvalidated).toBe(true);
    }
  });

  it('gives the no-filter list one cache entry however the filters are spelt', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(contractorsQuery().queryKey, { items: [] });
    expect(
      queryClient.getQueryData(contractorsQuery({ q: undefined, active: undefined }).queryKey),
    ).toEqual({ items: [] });
  });
});
