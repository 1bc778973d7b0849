import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import { buildOrderDetail } from '../testing/order-detail';
import CreateOrderPage from './create-order-page';

const partnerId = '22222222-2222-4222-8222-222222222222';
const jobTypeId = '44444444-4444-4444-8444-444444444444';
const existing = buildOrderDetail().customer;

function api(matches: unknown[] = []) {
  return stubApi({
    'GET /api/partners': () => ({
      body: {
        items: [
          {
            id: partnerId,
            name: 'SkyReach Broadband',
            code: 'SKY',
            contactName: null,
            contactEmail: null,
            contactPhone: null,
            slaTargetDays: null,
            active: true,
            orderCount: 0,
            createdAt: '',
            updatedAt: '',
          },
        ],
      },
    }),
    'GET /api/job-types': () => ({
      body: {
        items: [
          {
            id: jobTypeId,
            code: 'STD',
            name: 'Standard installation',
            description: null,
            defaultPricePence: 19900,
            defaultPayoutPence: 12000,
            active: true,
            createdAt: '',
            updatedAt: '',
          },
        ],
      },
    }),
    'GET /api/customers/duplicates': () => ({ body: { matches } }),
    'POST /api/orders': () => ({ status: 201, body: buildOrderDetail({ status: 'received' }) }),
  }).calls;
}

async function fillForm() {
  await screen.findByRole('option', { name: 'SkyReach Broadband' });
  await userEvent.selectOptions(screen.getByLabelText('Partner'), 'SkyReach Broadband');
  await screen.findByRole('option', { name: 'Standard installation' });
  await userEvent.selectOptions(screen.getByLabelText('Job type'), 'Standard installation');
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Trelawny');
  await userEvent.type(screen.getByLabelText('Phone'), '07700 900123');
  await userEvent.type(screen.getByLabelText('Address line 1'), '1 Quay');
  await userEvent.type(screen.getByLabelText('Town'), 'Looe');
  await userEvent.type(screen.getByLabelText('Postcode'), 'pl131aa');
}

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
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

describe('create order', () => {
  it('fills price and payout from the job type, and refuses a bad postcode on its field', async () => {
    const calls = api();
    renderPage(<CreateOrderPage />, '/orders/new');
    await fillForm();
    expect((screen.getByLabelText('Price to partner') as HTMLInputElement).value).toBe('199.00');
    expect((screen.getByLabelText('Payout to contractor') as HTMLInputElement).value).toBe(
      '120.00',
    );
    await userEvent.clear(screen.getByLabelText('Postcode'));
    await userEvent.type(screen.getByLabelText('Postcode'), 'NOT A CODE');
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Please enter a valid UK postcode')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('warns about a possible duplicate and lets the user pick the existing customer', async () => {
    const calls = api([{ customer: existing, matchedOn: ['phone', 'name_postcode'] }]);
    const { location } = renderPage(<CreateOrderPage />, '/orders/new');
    await fillForm();
    await userEvent.clear(screen.getByLabelText('Payout to contractor'));
    await userEvent.type(screen.getByLabelText('Payout to contractor'), '130.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));

    const dialog = await screen.findByRole('dialog', { name: 'This customer may already exist' });
    expect(dialog.textContent).toContain('same phone, same name and postcode');
    const lookup = calls.find((c) => c.url.startsWith('/api/customers/duplicates'))!;
    const params = new URL(lookup.url, 'http://x').searchParams;
    expect(params.get('phone')).toBe('+447700900123');
    expect(params.get('postcode')).toBe('PL13 1AA');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Use Ada Trelawny' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body.customerId).toBe(existing.id);
    expect(body.customer).toBeUndefined();
    expect(body.payoutPence).toBe(13050);
    expect(body.pricePence).toBe(19900);
    await waitFor(() => expect(location.history.at(-1)).toBe(`/orders/${buildOrderDetail().id}`));
  });

  it('creates a new customer anyway when asked', async () => {
    const calls = api([{ customer: existing, matchedOn: ['email'] }]);
    renderPage(<CreateOrderPage />, '/orders/new');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create a new customer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body.allowDuplicateCustomer).toBe(true);
    expect(body.customer).toMatchObject({
      firstName: 'Ada',
      lastName: 'Trelawny',
      email: null,
      phone: '+447700900123',
      address: { line1: '1 Quay', town: 'Looe', postcode: 'PL13 1AA', line2: null },
    });
  });
});
