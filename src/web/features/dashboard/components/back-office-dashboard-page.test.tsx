import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '@shared/dashboard/dashboard.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import BackOfficeDashboardPage from './back-office-dashboard-page';

const dashboard: DashboardResponse = {
  ordersByStatus: {
    received: 4,
    customer_submitted: 3,
    validated: 5,
    assigned: 2,
    scheduled: 6,
    in_progress: 1,
    revisit_required: 0,
    completed: 7,
    closed: 8,
    on_hold: 2,
    cancelled: 1,
  },
  sla: { atRisk: 3, breached: 2 },
  kit: { awaitingDispatch: 9, awaitingArrival: 4 },
  awaitingAssignment: 5,
  todaysVisits: [],
  recentEvents: [
    {
      id: '77777777-7777-4777-8777-777777777777',
      orderId: '11111111-1111-4111-8111-111111111111',
      orderNumber: 'UPL-2026-000123',
      type: 'hold',
      actor: { userId: null, name: 'Olivia Office', role: 'back_office' },
      fromStatus: 'assigned',
      toStatus: 'on_hold',
      fromKitStatus: null,
      toKitStatus: null,
      reason: 'Landlord permission',
      data: {},
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('/back-office', () => {
  it('links every figure to the orders list filtered to the same orders', async () => {
    stubApi({ 'GET /api/dashboard': () => ({ body: dashboard }) });
    renderPage(<BackOfficeDashboardPage />);
    const open =
      'received,customer_submitted,validated,assigned,scheduled,in_progress,revisit_required,on_hold';
    const link = async (name: RegExp) =>
      (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await link(/^3 SLA at risk$/)).toBe(`/orders?status=${open}&slaState=at_risk`);
    expect(await link(/^2 SLA breached$/)).toBe(`/orders?status=${open}&slaState=breached`);
    expect(await link(/^9 Kit awaiting dispatch$/)).toBe(
      `/orders?status=${open}&kitStatus=awaiting_dispatch`,
    );
    expect(await link(/^4 Kit awaiting arrival$/)).toBe(
      `/orders?status=${open}&kitStatus=dispatched`,
    );
    expect(await link(/^5 Awaiting assignment$/)).toBe('/back-office/contractor-management');
    expect(await link(/^On hold\s*2$/)).toBe('/orders?status=on_hold');
    const events = screen.getByRole('heading', { name: 'Recent events' }).parentElement!
      .parentElement!;
    expect(within(events).getByText(/Put on hold → On hold/)).toBeTruthy();
    expect(within(events).getByText(/Landlord permission/)).toBeTruthy();
  });

  it('says so when the dashboard cannot load', async () => {
    stubApi({
      'GET /api/dashboard': () => ({ status: 500, body: { message: 'Internal Server Error' } }),
    });
    renderPage(<BackOfficeDashboardPage />);
    expect(await screen.findByText('The dashboard could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
