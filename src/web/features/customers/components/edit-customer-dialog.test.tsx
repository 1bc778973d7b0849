import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '@shared/customers/customers.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import { EditCustomerDialog } from './edit-customer-dialog';

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
  orders: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('editing a customer', () => {
  it('refuses coordinates outside the UK on the field, then saves good ones', async () => {
    const { calls } = stubApi({
      [`PATCH /api/customers/${id}`]: ({ body }) => ({
        body: { ...customer, ...(body as object) },
      }),
    });
    renderPage(<EditCustomerDialog customer={customer} open onOpenChange={() => {}} />);

    await userEvent.type(await screen.findByLabelText('Latitude'), '12');
    await userEvent.type(screen.getByLabelText('Longitude'), 'west');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Latitude must be between 49 and 61 (the UK)')).toBeTruthy();
    expect(screen.getByText('Enter the longitude as a number, such as -3.5275')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Latitude'));
    await userEvent.type(screen.getByLabelText('Latitude'), '50.3561');
    await userEvent.clear(screen.getByLabelText('Longitude'));
    await userEvent.type(screen.getByLabelText('Longitude'), '-4.4547');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
        latitude: 50.3561,
        longitude: -4.4547,
      }),
    );
  });

  it('sends no coordinates as null when the boxes are left empty', async () => {
    const { calls } = stubApi({
      [`PATCH /api/customers/${id}`]: ({ body }) => ({
        body: { ...customer, ...(body as object) },
      }),
    });
    renderPage(<EditCustomerDialog customer={customer} open onOpenChange={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
        latitude: null,
        longitude: null,
      }),
    );
  });
});
