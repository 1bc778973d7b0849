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
    const { calls } = stubApi({
      'GET /api/dispatch/board': () => ({ body: board }),
      [`POST /api/dispatch/orders/${order.id}/schedule`]: () => ({
        status: 409,
        body: {
          code: 'ENGINEER_FULL',
          message: 'Sam Penrose is full: they already have an AM visit that day.',
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
      name: `Place ${order.orderNumber} with Sam Penrose on Tuesday 8 January, All day`,
    });
    place.focus();
    await user.keyboard('{Enter}');
    const slot = screen.getByTestId(`slot-${sam}-2030-01-08-all_day`);
    expect(await within(slot).findByText(/Sam Penrose is full/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      engineerId: sam,
      date: '2030-01-08',
      slot: 'all_day',
    });
    expect(screen.getByTestId('board-announcer').textContent).toContain('Refused:');
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
        name: `Place ${order.orderNumber} with Sam Penrose on Tuesday 8 January, AM`,
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
