import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Board } from '@shared/dispatch/dispatch.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import DispatchBoardPage from './dispatch-board-page';

const sam = '11111111-1111-4111-8111-111111111111';
const order = {
  id: '22222222-2222-4222-8222-222222222222',
  orderNumber: 'UPL-2030-000001',
  status: 'assigned' as const,
  kitStatus: 'arrived' as const,
  kitReady: true,
  jobTypeName: 'Standard installation',
  customerName: 'Ada Trelawny',
  postcode: 'PL12 4AB',
  town: 'Saltash',
  requestedDate: null,
  revisit: false,
};
const visit = {
  id: '33333333-3333-4333-8333-333333333333',
  orderId: '44444444-4444-4444-8444-444444444444',
  orderNumber: 'UPL-2030-000002',
  engineerId: sam,
  date: '2030-01-08',
  slot: 'am' as const,
  status: 'scheduled' as const,
  orderStatus: 'scheduled' as const,
  jobTypeName: 'Standard installation',
  customerName: 'Ben Rowe',
  postcode: 'PL1 3DE',
  town: 'Plymouth',
};
const board: Board = {
  weekStart: '2030-01-07',
  previousWeek: '2029-12-31',
  nextWeek: '2030-01-14',
  today: '2030-01-07',
  days: ['07', '08', '09', '10', '11'].map((d) => ({
    date: `2030-01-${d}`,
    working: true,
    holiday: null,
  })),
  slots: ['am', 'pm', 'all_day'],
  engineers: [{ id: sam, firstName: 'Sam', lastName: 'Penrose', active: true, owner: false }],
  visits: [visit],
  waiting: [order],
};

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('dispatch board', () => {
  it('places a picked order with the keyboard and shows a refusal in that slot', async () => {
    // The board had room; another planner took the slot first, so the server refuses.
    const { calls } = stubApi({
      'GET /api/dispatch/board': () => ({ body: board }),
      [`POST /api/dispatch/orders/${order.id}/schedule`]: () => ({
        status: 409,
        body: {
          code: 'ENGINEER_FULL',
          message: 'Sam Penrose is full: they already have an all-day visit that day.',
        },
      }),
    });
    renderPage(<DispatchBoardPage />, '/contractor/board?week=2030-01-09');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Pick ${order.orderNumber}` }));
    expect(screen.getByTestId('board-announcer').textContent).toContain(
      `Picked ${order.orderNumber}`,
    );
    const place = screen.getByRole('button', {
      name: `Place here: ${order.orderNumber} with Sam Penrose on Wednesday 9 January, All day`,
    });
    place.focus();
    await user.keyboard('{Enter}');
    const slot = screen.getByTestId(`slot-${sam}-2030-01-09-all_day`);
    expect(await within(slot).findByText(/Sam Penrose is full/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      engineerId: sam,
      date: '2030-01-09',
      slot: 'all_day',
    });
    expect(screen.getByTestId('board-announcer').textContent).toContain('Refused:');
  });

  it('offers no Place here where the engineer is full, and says so', async () => {
    const other = {
      ...visit,
      id: '55555555-5555-4555-8555-555555555555',
      slot: 'all_day' as const,
    };
    const busy: Board = {
      ...board,
      // Tuesday: an AM visit. Thursday: an all-day visit. Friday: a failed visit frees its slot.
      visits: [
        visit,
        { ...other, date: '2030-01-10', orderNumber: 'UPL-2030-000003' },
        {
          ...other,
          id: '66666666-6666-4666-8666-666666666666',
          date: '2030-01-11',
          status: 'failed',
        },
      ],
    };
    stubApi({ 'GET /api/dispatch/board': () => ({ body: busy }) });
    renderPage(<DispatchBoardPage />, '/contractor/board?week=2030-01-09');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Pick ${order.orderNumber}` }));
    const zone = (date: string, slot: string) => screen.getByTestId(`slot-${sam}-${date}-${slot}`);
    const place = (date: string, slot: string) =>
      within(zone(date, slot)).queryByRole('button', { name: /^Place/ });
    // Tuesday: AM and all day are full; PM is free.
    for (const slot of ['am', 'all_day']) {
      expect(place('2030-01-08', slot)).toBeNull();
      expect(within(zone('2030-01-08', slot)).getByText(/Full/)).toBeTruthy();
    }
    expect(within(zone('2030-01-08', 'all_day')).getByText(/already has an AM visit/)).toBeTruthy();
    expect(place('2030-01-08', 'pm')).toBeTruthy();
    expect(within(zone('2030-01-08', 'pm')).queryByTestId('slot-full')).toBeNull();
    // Thursday's all-day visit fills every slot; Friday's failed visit holds none.
    for (const slot of ['am', 'pm', 'all_day']) {
      expect(place('2030-01-10', slot)).toBeNull();
      expect(place('2030-01-11', slot)).toBeTruthy();
    }
    // Moving Tuesday's AM visit: its own day has room again for it, in any slot but where it is.
    await user.click(screen.getByRole('button', { name: `Cancel picking ${order.orderNumber}` }));
    await user.click(screen.getByRole('button', { name: `Move ${visit.orderNumber}` }));
    expect(place('2030-01-08', 'am')).toBeNull();
    expect(place('2030-01-08', 'all_day')).toBeTruthy();
    expect(within(zone('2030-01-08', 'all_day')).queryByTestId('slot-full')).toBeNull();
    expect(place('2030-01-10', 'pm')).toBeNull();
  });

  it('asks for a reason before unscheduling a visit', async () => {
    const { calls } = stubApi({
      'GET /api/dispatch/board': () => ({ body: board }),
      [`POST /api/dispatch/visits/${visit.id}/unschedule`]: () => ({ status: 204 }),
    });
    renderPage(<DispatchBoardPage />, '/contractor/board');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Unschedule ${visit.orderNumber}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Unschedule ${visit.orderNumber}` });
    await user.click(within(dialog).getByRole('button', { name: 'Unschedule visit' }));
    expect(await within(dialog).findByText(/Give a reason/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Customer away');
    await user.click(within(dialog).getByRole('button', { name: 'Unschedule visit' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Customer away' }),
    );
  });

  it('offers only the slots /settings offers, and marks a bank holiday and a day off in words', async () => {
    const pmOff: Board = {
      ...board,
      slots: ['am', 'all_day'],
      days: [
        { date: '2030-01-07', working: false, holiday: 'New Year stand-in' },
        ...board.days.slice(1),
        { date: '2030-01-12', working: false, holiday: null },
      ],
      visits: [{ ...visit, date: '2030-01-12' }],
    };
    stubApi({ 'GET /api/dispatch/board': () => ({ body: pmOff }) });
    renderPage(<DispatchBoardPage />, '/contractor/board?week=2030-01-09');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Pick ${order.orderNumber}` }));
    // No PM slot: no zone, no Place here.
    expect(screen.queryByTestId(`slot-${sam}-2030-01-08-pm`)).toBeNull();
    expect(screen.queryByRole('button', { name: /Tuesday 8 January, PM/ })).toBeNull();
    expect(
      screen.getByRole('button', {
        name: `Place here: ${order.orderNumber} with Sam Penrose on Tuesday 8 January, AM`,
      }),
    ).toBeTruthy();
    // The bank holiday and the Saturday say why, and take nothing.
    expect(screen.getByText('Bank holiday: New Year stand-in')).toBeTruthy();
    expect(screen.getByText('Not a working day')).toBeTruthy();
    for (const date of ['2030-01-07', '2030-01-12']) {
      const zone = screen.getByTestId(`slot-${sam}-${date}-am`);
      expect(within(zone).queryByRole('button', { name: /^Place/ })).toBeNull();
    }
  });

  it('keeps a visit in a slot no longer offered visible, marked, and takes nothing new there', async () => {
    const pmOff: Board = { ...board, slots: ['am', 'all_day'], visits: [{ ...visit, slot: 'pm' }] };
    stubApi({ 'GET /api/dispatch/board': () => ({ body: pmOff }) });
    renderPage(<DispatchBoardPage />, '/contractor/board?week=2030-01-09');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Pick ${order.orderNumber}` }));
    const pm = screen.getByTestId(`slot-${sam}-2030-01-08-pm`);
    expect(within(pm).getByText(/not offered/)).toBeTruthy();
    expect(within(pm).getByText(visit.orderNumber, { exact: false })).toBeTruthy();
    expect(within(pm).queryByRole('button', { name: /^Place/ })).toBeNull();
  });

  it('on a phone, says Full (not Free) where another slot’s visit fills the engineer’s day', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    stubApi({
      'GET /api/dispatch/board': () => ({
        body: { ...board, visits: [{ ...visit, slot: 'all_day' }] },
      }),
    });
    renderPage(<DispatchBoardPage />, '/contractor/board?week=2030-01-09');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tue 8 Jan' }));
    const sam = screen.getByRole('list', { name: 'Engineers on Tuesday 8 January' });
    const slotText = (label: string) =>
      within(sam).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(slotText('AM')).toBe('Full');
    expect(slotText('PM')).toBe('Full');
    await user.click(screen.getByRole('button', { name: 'Wed 9 Jan' }));
    const wednesday = screen.getByRole('list', { name: 'Engineers on Wednesday 9 January' });
    expect(
      within(wednesday).getByText('AM', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('Free');
  });

  it('words a visit under way, never its code (issue 24 item 9)', async () => {
    const underWay: Board = { ...board, visits: [{ ...visit, status: 'in_progress' }] };
    stubApi({ 'GET /api/dispatch/board': () => ({ body: underWay }) });
    renderPage(<DispatchBoardPage />, '/contractor/board?week=2030-01-09');
    const am = await screen.findByTestId(`slot-${sam}-2030-01-08-am`);
    expect(within(am).getByText('In progress')).toBeTruthy();
    expect(am.textContent).not.toMatch(/in progress|in_progress/);
  });

  it('on a phone, offers only the slots offered and puts a refused day on its field', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    stubApi({
      'GET /api/dispatch/board': () => ({ body: { ...board, slots: ['am', 'all_day'] } }),
      [`POST /api/dispatch/orders/${order.id}/schedule`]: () => ({
        status: 400,
        body: {
          code: 'NOT_WORKING_DAY',
          message: 'Tuesday 8 January is a bank holiday (Test holiday).',
          details: { date: ['Tuesday 8 January is a bank holiday (Test holiday).'] },
        },
      }),
    });
    renderPage(<DispatchBoardPage />, '/contractor/board?week=2030-01-09');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Schedule ${order.orderNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: `Schedule ${order.orderNumber}` });
    const slot = within(dialog).getByLabelText('Slot');
    expect(
      within(slot)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['AM', 'All day']);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    // On the Day field (once: not again above the buttons).
    const day = within(dialog).getByLabelText('Day');
    await waitFor(() => expect(day.getAttribute('aria-describedby') ?? '').not.toBe(''));
    expect(
      within(dialog).getByText('Tuesday 8 January is a bank holiday (Test holiday).'),
    ).toBeTruthy();
  });
});
