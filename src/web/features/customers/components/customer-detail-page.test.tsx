import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '@shared/customers/customers.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import CustomerDetailPage from './customer-detail-page';

const id = '33333333-3333-4333-8333-333333333333';
const customer: CustomerDetail = {
  id,
  reference: 'CUS-000123',
  firstName: 'Ada',
  lastName: 'Trelawny',
  email: 'ada@example.net',
  phone: '+447700900123',
  address: { line1: '1 Quay', line2: null, town: 'Looe', county: null, postcode: 'PL13 1AA' },
  latitude: null,
  longitude: null,
  notes: null,
  validationStatus: 'unvalidated',
  rejectionReason: null,
  validatedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  orders: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      orderNumber: 'UPL-2026-000123',
      status: 'received',
      kitStatus: 'awaiting_dispatch',
      jobTypeName: 'Standard installation',
      partnerName: 'SkyReach Broadband',
      receivedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('/customers/:id', () => {
  it('shows the customer with their orders and rejects with a reason', async () => {
    const { calls } = stubApi({
      [`GET /api/customers/${id}`]: () => ({ body: customer }),
      [`POST /api/customers/${id}/reject`]: ({ body }) => ({
        body: {
          ...customer,
          validationStatus: 'rejected',
          rejectionReason: (body as { reason: string }).reason,
        },
      }),
    });
    renderPage(<CustomerDetailPage params={{ id }} />);
    expect(await screen.findByRole('heading', { name: 'Ada Trelawny' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'UPL-2026-000123' }).getAttribute('href')).toBe(
      '/orders/11111111-1111-4111-8111-111111111111',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reject customer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      Array.from(dialog.querySelectorAll('button')).find(
        (b) => b.textContent === 'Reject customer',
      )!,
    );
    expect(await screen.findByText('A reason is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Reason'), 'Address does not exist');
    await userEvent.click(
      Array.from(dialog.querySelectorAll('button')).find(
        (b) => b.textContent === 'Reject customer',
      )!,
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        reason: 'Address does not exist',
      }),
    );
    expect(await screen.findByText('Rejected: Address does not exist')).toBeTruthy();
  });

  it('validates, and shows a refusal from the server as a toast', async () => {
    stubApi({
      [`GET /api/customers/${id}`]: () => ({ body: customer }),
      [`POST /api/customers/${id}/validate`]: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'The customer was changed; reload and try again.' },
      }),
    });
    renderPage(<CustomerDetailPage params={{ id }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Validate customer' }));
    expect(await screen.findByText('The customer was changed; reload and try again.')).toBeTruthy();
    expect(screen.getByText('Could not validate the customer')).toBeTruthy();
  });
});
