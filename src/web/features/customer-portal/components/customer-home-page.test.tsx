import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/auth/current-user';
import type { CompanyContact } from '@shared/customer-links/customer-form.contracts';
import type { CustomerOrder } from '@shared/customer-portal/customer-orders.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import { resetAuthStateForTests } from '@web/lib/auth';
import CustomerHomePage from './customer-home-page';

const cara: CurrentUser = {
  id: 'u-cara',
  role: 'customer',
  additionalRoles: [],
  isDualRole: false,
  firstName: 'Cara',
  lastName: 'Customer',
  profileImageUrl: null,
  email: 'customer@example.com',
  contractorId: null,
};

function order(overrides: Partial<CustomerOrder>): CustomerOrder {
  return {
    orderNumber: 'UPL-2026-000101',
    status: 'validated',
    kitStatus: 'dispatched',
    jobTypeName: 'Standard installation',
    address: '4 Harbour View, Forder, Saltash, PL12 4QN',
    requestedDate: null,
    nextVisit: null,
    createdAt: '2026-11-01T09:30:00.000Z',
    ...overrides,
  };
}

const company: CompanyContact = {
  name: 'Kernow Dish Co',
  phone: '0330 123 4567',
  email: 'help@kernow.example',
  hours: 'Monday to Friday, 9am to 5pm',
  address: '',
  logoUrl: null,
};

beforeEach(() => resetAuthStateForTests());
afterEach(() => vi.unstubAllGlobals());

describe('/customer', () => {
  it("lists the customer's orders in plain words, each linking to its portal page", async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: cara }),
      'GET /api/customer/orders': () => ({
        body: {
          items: [
            order({
              orderNumber: 'UPL-2026-000150',
              status: 'scheduled',
              kitStatus: 'arrived',
              nextVisit: { date: '2026-11-24', slot: 'am' },
            }),
            order({ requestedDate: '2026-12-02' }),
            order({
              orderNumber: 'UPL-2026-000090',
              status: 'completed',
              kitStatus: 'arrived',
              jobTypeName: 'Pole or ground mount',
              createdAt: '2026-10-03T12:00:00.000Z',
            }),
          ],
          company,
        },
      }),
    });
    renderPage(<CustomerHomePage />, '/customer');
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(await screen.findByText('Orders for Cara Customer')).toBeTruthy();

    const [booked, checked, done] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(booked).getByText('Visit booked')).toBeTruthy();
    expect(
      within(booked).getByText('Visit booked for Tuesday 24 November 2026, morning'),
    ).toBeTruthy();
    expect(within(booked).getByText('Equipment delivered')).toBeTruthy();
    expect(within(checked).getByText('Details checked')).toBeTruthy();
    expect(within(checked).getByText('You asked for Wednesday 2 December 2026')).toBeTruthy();
    expect(within(checked).getByText('Equipment on its way')).toBeTruthy();
    expect(within(checked).getByText('Ordered 1 November 2026')).toBeTruthy();
    expect(within(done).getByText('Installed')).toBeTruthy();
    expect(within(done).getByText('Pole or ground mount')).toBeTruthy();
    // A finished order has nothing pending: no kit line.
    expect(within(done).queryByText(/Equipment/)).toBeNull();
    // Never the internal status words.
    expect(screen.queryByText('scheduled')).toBeNull();

    expect(within(booked).getByRole('link').getAttribute('href')).toBe('/customer/UPL-2026-000150');
    expect(within(done).getByRole('link').getAttribute('href')).toBe('/customer/UPL-2026-000090');
  });

  it('shows a loading placeholder until the orders arrive', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    stubApi({
      'GET /api/auth/user': () => ({ body: cara }),
      'GET /api/customer/orders': () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage(<CustomerHomePage />, '/customer');
    expect(await screen.findByRole('status', { name: 'Loading your orders' })).toBeTruthy();
    answer({ body: { items: [order({})], company } });
    expect(await screen.findByRole('list', { name: 'Your orders' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your orders' })).toBeNull();
  });

  it("shows the company's logo above the orders when one is set, and no image when not", async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: cara }),
      'GET /api/customer/orders': () => ({
        body: {
          items: [order({})],
          company: { ...company, logoUrl: '/api/public/company-logo?v=1' },
        },
      }),
    });
    const { unmount } = renderPage(<CustomerHomePage />, '/customer');
    const logo = await screen.findByRole('img', { name: 'Kernow Dish Co logo' });
    expect(logo.getAttribute('src')).toBe('/api/public/company-logo?v=1');
    unmount();

    stubApi({
      'GET /api/auth/user': () => ({ body: cara }),
      'GET /api/customer/orders': () => ({ body: { items: [order({})], company } }),
    });
    renderPage(<CustomerHomePage />, '/customer');
    expect(await screen.findByRole('list', { name: 'Your orders' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says plainly when the customer has no orders', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: cara }),
      'GET /api/customer/orders': () => ({ body: { items: [], company } }),
    });
    renderPage(<CustomerHomePage />, '/customer');
    expect(await screen.findByRole('heading', { name: 'You have no orders yet' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your orders' })).toBeNull();
  });

  it('says when the orders could not be loaded and tries again on request', async () => {
    let fail = true;
    stubApi({
      'GET /api/auth/user': () => ({ body: cara }),
      'GET /api/customer/orders': () =>
        fail
          ? { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } }
          : { body: { items: [order({})], company } },
    });
    renderPage(<CustomerHomePage />, '/customer');
    expect(
      await screen.findByRole('heading', { name: 'Your orders could not be loaded' }),
    ).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your orders' })).toBeTruthy();
  });
});
