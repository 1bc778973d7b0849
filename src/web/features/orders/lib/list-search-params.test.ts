import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  defaultListState,
  parseListState,
  serializeListState,
  toApiQuery,
} from './list-search-params';

const partner = '22222222-2222-4222-8222-222222222222';

describe('orders list state in the URL', () => {
  it('reads filters, search, sort and page from the query string', () => {
    const state = parseListState(
      `q=EX1&status=validated,on_hold&kitStatus=dispatched&slaState=at_risk&partnerId=${partner}&contractorId=none&receivedFrom=2026-11-01&sort=orderNumber&direction=asc&page=3&pageSize=50`,
    );
    expect(state).toEqual({
      ...defaultListState,
      q: 'EX1',
      status: ['validated', 'on_hold'],
      kitStatus: ['dispatched'],
      slaState: ['at_risk'],
      partnerId: partner,
      contractorId: 'none',
      receivedFrom: '2026-11-01',
      sort: 'orderNumber',
      direction: 'asc',
      page: 3,
      pageSize: 50,
    });
    expect(activeFilterCount(state)).toBe(7);
  });

  it('drops values it does not know instead of failing', () => {
    const state = parseListState(
      'status=validated,bogus&partnerId=not-a-uuid&receivedTo=yesterday&sort=price&page=-2&pageSize=7',
    );
    expect(state).toEqual({ ...defaultListState, status: ['validated'] });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(serializeListState(defaultListState)).toBe('');
    const state = { ...defaultListState, q: ' PL13 ', status: ['received' as const], page: 2 };
    const search = serializeListState(state);
    expect(search).toBe('q=PL13&status=received&page=2');
    expect(parseListState(search)).toEqual({ ...state, q: 'PL13' });
  });

  it('turns the state into the API query, leaving out empty filters', () => {
    const query = toApiQuery({ ...defaultListState, contractorId: 'none', q: '  ' });
    expect(query).toEqual({
      page: 1,
      pageSize: 25,
      q: undefined,
      status: undefined,
      kitStatus: undefined,
      slaState: undefined,
      partnerId: undefined,
      contractorId: 'none',
      jobTypeId: undefined,
      receivedFrom: undefined,
      receivedTo: undefined,
      sort: 'receivedAt',
      direction: 'desc',
    });
  });
});
