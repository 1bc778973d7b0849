import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '@shared/customers/customers.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import CustomerDetailPage from './customer-detail-page';

const id = '44444444-4444-4444-8444-444444444444';
const customer: CustomerDetail = {
  id,
  reference: 'CUS-000321',
  firstName: 'Ada',
  lastName: 'Trelawny',
  email: 'ada@example.net',
  phone: '+447700900123',
  address: { line1: '1 Quay', line2: null, town: 'Looe', county: null, postcode: 'PL13 1AA' },
  latitude: null,
  longitude: null,
  notes: null,
  validationStatus: 'validated',
  rejectionReason: null,
  validatedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  anonymisedAt: null,
  orders: [],
};
const anonymised: CustomerDetail = {
  ...customer,
  firstName: 'Anonymised',
  lastName: 'Customer',
  email: null,
  phone: null,
  address: { ...customer.address, line1: 'Anonymised', postcode: 'PL13' },
  anonymisedAt: '2026-11-26T09:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('/customers/:id data protection (issue 21)', () => {
  it('links to the data export', async () => {
    stubApi({ [`GET /api/customers/${id}`]: () => ({ body: customer }) });
    renderPage(<CustomerDetailPage params={{ id }} />);
    const link = await screen.findByRole('link', { name: 'Export data' });
    expect(link.getAttribute('href')).toBe(`/api/customers/${id}/export`);
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('asks before anonymising, then shows the result', async () => {
    let current = customer;
    const { calls } = stubApi({
      [`GET /api/customers/${id}`]: () => ({ body: current }),
      [`POST /api/customers/${id}/anonymise`]: () => {
        current = anonymised;
        return {
          body: {
            id,
            anonymisedAt: anonymised.anonymisedAt,
            alreadyAnonymised: false,
            filesRemoved: 3,
          },
        };
      },
    });
    renderPage(<CustomerDetailPage params={{ id }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Anonymise' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Anonymise Ada Trelawny?')).toBeTruthy();
    // Cancel changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Anonymise' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Anonymise customer' }));
    expect(await screen.findByText('Customer anonymised')).toBeTruthy();
    expect(
      screen.getByText(
        'CUS-000321: personal details replaced, 3 files removed, links and sessions ended.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Anonymised Customer' })).toBeTruthy();
    expect(screen.getByText(/Anonymised on 26 Nov 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anonymise' })).toBeNull();
  });

  it('shows the refusal for an open order in the dialog', async () => {
    stubApi({
      [`GET /api/customers/${id}`]: () => ({ body: customer }),
      [`POST /api/customers/${id}/anonymise`]: () => ({
        status: 409,
        body: {
          code: 'CUSTOMER_HAS_OPEN_ORDERS',
          message: 'This customer has an order still open. Close or cancel it before anonymising.',
        },
      }),
    });
    renderPage(<CustomerDetailPage params={{ id }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Anonymise' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anonymise customer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This customer has an order still open. Close or cancel it before anonymising.',
    );
    expect(screen.getByRole('heading', { name: 'Ada Trelawny', hidden: true })).toBeTruthy();
  });
});
