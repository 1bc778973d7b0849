import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderListItem } from '@shared/orders/orders.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import OrdersPage from './orders-page';

const item: OrderListItem = {
  id: '11111111-1111-4111-8111-111111111111',
  orderNumber: 'UPL-2026-000123',
  status: 'validated',
  kitStatus: 'dispatched',
  partner: { id: '22222222-2222-4222-8222-222222222222', name: 'SkyReach Broadband' },
  partnerReference: 'SR-1',
  customer: {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Ada Trelawny',
    postcode: 'PL13 1AA',
    town: 'Looe',
  },
  jobType: { id: '44444444-4444-4444-8444-444444444444', name: 'Standard installation' },
  contractor: null,
  assignmentState: 'unassigned',
  requestedDate: null,
  slaState: 'at_risk',
  slaDueAt: '2026-12-04T10:00:00.000Z',
  receivedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  pricePence: 19900,
  payoutPence: 12000,
};

function stubList(items: OrderListItem[] = [item], total = items.length) {
  return stubApi({
    'GET /api/orders': ({ url }) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
      return { body: { items, total, page, pageSize: 25 } };
    },
    'GET /api/partners': () => ({ body: { items: [] } }),
    'GET /api/job-types': () => ({ body: { items: [] } }),
    'GET /api/contractors': () => ({ body: { items: [] } }),
  }).calls;
}

const listCalls = (calls: ReturnType<typeof stubApi>['calls']) =>
  calls.filter((c) => c.url.startsWith('/api/orders?') || c.url === '/api/orders');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/orders', () => {
  it('asks the server for what the URL says and shows status, kit and SLA badges', async () => {
    const calls = stubList();
    renderPage(<OrdersPage />, '/orders?status=validated&q=PL13&page=2');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'UPL-2026-000123' }).getAttribute('href')).toBe(
      '/orders/11111111-1111-4111-8111-111111111111',
    );
    expect(within(table).getByText('Validated')).toBeTruthy();
    expect(within(table).getByText('At risk')).toBeTruthy();
    const url = new URL(listCalls(calls)[0]!.url, 'http://x');
    expect(url.searchParams.get('status')).toBe('validated');
    expect(url.searchParams.get('q')).toBe('PL13');
    expect(url.searchParams.get('page')).toBe('2');
    expect((screen.getByLabelText('Search orders') as HTMLInputElement).value).toBe('PL13');
    // The export link carries the same filters, without the page.
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toMatch(/^\/api\/orders\/export\.csv\?/);
    expect(exportLink.getAttribute('href')).toContain('status=validated');
    expect(exportLink.getAttribute('href')).not.toContain('page=');
  });

  it("a cancelled order's SLA is not on track, a completed one met its target; long text is in the tooltip (issue 24)", async () => {
    stubList([
      {
        ...item,
        id: 'a',
        orderNumber: 'UPL-2026-000001',
        status: 'cancelled',
        slaState: 'on_track',
      },
      {
        ...item,
        id: 'b',
        orderNumber: 'UPL-2026-000002',
        status: 'completed',
        slaState: 'on_track',
      },
      { ...item, id: 'c', orderNumber: 'UPL-2026-000003', status: 'closed', slaState: 'breached' },
    ]);
    renderPage(<OrdersPage />, '/orders');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).queryByText('On track')).toBeNull();
    expect(within(rows[0]!).getByText('SLA: none, the order was cancelled')).toBeTruthy();
    expect(within(rows[1]!).getByText('Target met')).toBeTruthy();
    expect(within(rows[2]!).getByText('Target missed')).toBeTruthy();
    expect(within(rows[0]!).getByTitle('Ada Trelawny · PL13 1AA · Looe')).toBeTruthy();
    expect(
      within(rows[0]!).getByTitle('SkyReach Broadband (SR-1) · Standard installation'),
    ).toBeTruthy();
  });

  it('sorting writes the URL and starts again at page 1', async () => {
    stubList();
    const { location } = renderPage(<OrdersPage />, '/orders?page=3');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: /^Order\W*sort$/ }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/orders?sort=orderNumber&direction=desc'),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /^Order\W*sorted descending$/ }),
    );
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/orders?sort=orderNumber&direction=asc'),
    );
    expect(
      screen
        .getAllByRole('columnheader')
        .find((th) => th.textContent?.startsWith('Order'))
        ?.getAttribute('aria-sort'),
    ).toBe('ascending');
  });

  it('typing a search replaces the URL after a pause, keeping the filters', async () => {
    const calls = stubList();
    const { location } = renderPage(<OrdersPage />, '/orders?kitStatus=dispatched');
    await screen.findByRole('table');
    const historyLength = location.history.length;
    await userEvent.type(screen.getByLabelText('Search orders'), 'EX1 1AA');
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/orders?q=EX1+1AA&kitStatus=dispatched'),
    );
    // Replaced, not pushed: the back button does not walk through every keystroke.
    expect(location.history.length).toBe(historyLength);
    await waitFor(() =>
      expect(listCalls(calls).some((c) => c.url.includes('q=EX1+1AA'))).toBe(true),
    );
  });

  it('a filter choice pushes a new URL (so Back undoes it)', async () => {
    stubApi({
      'GET /api/orders': () => ({ body: { items: [item], total: 1, page: 1, pageSize: 25 } }),
      'GET /api/partners': () => ({
        body: {
          items: [
            {
              id: '22222222-2222-4222-8222-222222222222',
              name: 'SkyReach Broadband',
              code: 'SKY',
              contactName: null,
              contactEmail: null,
              contactPhone: null,
              slaTargetDays: null,
              active: true,
              orderCount: 1,
              createdAt: '',
              updatedAt: '',
            },
          ],
        },
      }),
      'GET /api/job-types': () => ({ body: { items: [] } }),
      'GET /api/contractors': () => ({ body: { items: [] } }),
    });
    const { location } = renderPage(<OrdersPage />, '/orders?page=2');
    await screen.findByRole('option', { name: 'SkyReach Broadband' });
    const before = location.history.length;
    await userEvent.selectOptions(screen.getByLabelText('Partner'), 'SkyReach Broadband');
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        '/orders?partnerId=22222222-2222-4222-8222-222222222222',
      ),
    );
    expect(location.history.length).toBe(before + 1);
  });

  it('says so when nothing matches', async () => {
    stubList([], 0);
    renderPage(<OrdersPage />, '/orders?q=nobody');
    expect(await screen.findByRole('heading', { name: 'No orders found' })).toBeTruthy();
    expect(screen.getByText(/No order matches this search/)).toBeTruthy();
  });
});
