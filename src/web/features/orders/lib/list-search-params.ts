// The /orders list's filters, search, sort and page live in the URL query string, so a reload,
// a shared link and the back button all keep them. Parsing is lenient: a value the list does
// not know is dropped rather than breaking the page.
import {
  kitStatuses,
  orderStatuses,
  slaStates,
  type KitStatus,
  type OrderStatus,
  type SlaState,
} from '@shared/orders/order-status';
import {
  orderSortFields,
  type OrderListQuery,
  type OrderSortField,
} from '@shared/orders/orders.contracts';

export type OrderListState = {
  q: string;
  status: OrderStatus[];
  kitStatus: KitStatus[];
  slaState: SlaState[];
  partnerId: string;
  /** A contractor id, `none`, or '' for any. */
  contractorId: string;
  jobTypeId: string;
  receivedFrom: string;
  receivedTo: string;
  completedFrom: string;
  completedTo: string;
  sort: OrderSortField;
  direction: 'asc' | 'desc';
  page: number;
  /** The page's keyset cursor (decision 085): '' for page 1 or a page opened by number. */
  cursor: string;
  pageSize: number;
};

export const pageSizes = [10, 25, 50, 100] as const;

export const defaultListState: OrderListState = {
  q: '',
  status: [],
  kitStatus: [],
  slaState: [],
  partnerId: '',
  contractorId: '',
  jobTypeId: '',
  receivedFrom: '',
  receivedTo: '',
  completedFrom: '',
  completedTo: '',
  sort: 'receivedAt',
  direction: 'desc',
  page: 1,
  cursor: '',
  pageSize: 25,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function listParam<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]) {
  const values = params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim());
  return [...new Set(values.filter((v): v is T => (allowed as readonly string[]).includes(v)))];
}

function positiveInt(value: string | null, fallback: number, max: number) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

export function parseListState(search: string): OrderListState {
  const params = new URLSearchParams(search);
  const id = (key: string) => {
    const value = params.get(key) ?? '';
    return uuidPattern.test(value) ? value : '';
  };
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return datePattern.test(value) ? value : '';
  };
  const sort = params.get('sort') ?? '';
  const contractorId = params.get('contractorId') === 'none' ? 'none' : id('contractorId');
  const pageSize = positiveInt(params.get('pageSize'), defaultListState.pageSize, 100);
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    status: listParam(params, 'status', orderStatuses),
    kitStatus: listParam(params, 'kitStatus', kitStatuses),
    slaState: listParam(params, 'slaState', slaStates),
    partnerId: id('partnerId'),
    contractorId,
    jobTypeId: id('jobTypeId'),
    receivedFrom: date('receivedFrom'),
    receivedTo: date('receivedTo'),
    completedFrom: date('completedFrom'),
    completedTo: date('completedTo'),
    sort: (orderSortFields as readonly string[]).includes(sort)
      ? (sort as OrderSortField)
      : defaultListState.sort,
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
    page: positiveInt(params.get('page'), 1, 100_000),
    cursor: (params.get('cursor') ?? '').slice(0, 1000),
    pageSize: (pageSizes as readonly number[]).includes(pageSize)
      ? pageSize
      : defaultListState.pageSize,
  };
}

/** The query string for a state, leaving out what is at its default (short, shareable URLs). */
export function serializeListState(state: OrderListState): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.status.length) params.set('status', state.status.join(','));
  if (state.kitStatus.length) params.set('kitStatus', state.kitStatus.join(','));
  if (state.slaState.length) params.set('slaState', state.slaState.join(','));
  for (const key of [
    'partnerId',
    'contractorId',
    'jobTypeId',
    'receivedFrom',
    'receivedTo',
    'completedFrom',
    'completedTo',
  ] as const) {
    if (state[key]) params.set(key, state[key]);
  }
  if (state.sort !== defaultListState.sort || state.direction !== defaultListState.direction) {
    params.set('sort', state.sort);
    params.set('direction', state.direction);
  }
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.cursor) params.set('cursor', state.cursor);
  if (state.pageSize !== defaultListState.pageSize) params.set('pageSize', String(state.pageSize));
  return params.toString();
}

/** The API query for a state. */
export function toApiQuery(state: OrderListState): OrderListQuery {
  return {
    page: state.page,
    pageSize: state.pageSize,
    cursor: state.cursor || undefined,
    q: state.q.trim() || undefined,
    status: state.status.length ? state.status : undefined,
    kitStatus: state.kitStatus.length ? state.kitStatus : undefined,
    slaState: state.slaState.length ? state.slaState : undefined,
    partnerId: state.partnerId || undefined,
    contractorId: state.contractorId || undefined,
    jobTypeId: state.jobTypeId || undefined,
    receivedFrom: state.receivedFrom || undefined,
    receivedTo: state.receivedTo || undefined,
    completedFrom: state.completedFrom || undefined,
    completedTo: state.completedTo || undefined,
    sort: state.sort,
    direction: state.direction,
  } as OrderListQuery;
}

/** How many filters (not search, sort or page) are set. */
export function activeFilterCount(state: OrderListState): number {
  return (
    state.status.length +
    state.kitStatus.length +
    state.slaState.length +
    [
      state.partnerId,
      state.contractorId,
      state.jobTypeId,
      state.receivedFrom,
      state.receivedTo,
      state.completedFrom,
      state.completedTo,
    ].filter(Boolean).length
  );
}
