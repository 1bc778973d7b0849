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
  days: ['07', '08', '09', '10', '11'].map((d) => ({ date: `2030-01-${d}`, working: true })),
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
});
