import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserSummary } from '@shared/users/users.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import UsersPage from './users-page';

function user(overrides: Partial<UserSummary>): UserSummary {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'emma@example.com',
    firstName: 'Emma',
    lastName: 'Engineer',
    role: 'engineer',
    additionalRoles: [],
    isDualRole: false,
    companyName: null,
    phone: '+447700900001',
    contractorId: null,
    status: 'active',
    twoFactorMethod: 'none',
    lockedUntil: null,
    lastLoginAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const people = [
  user({}),
  user({
    id: '00000000-0000-4000-8000-000000000002',
    email: 'dylan@example.com',
    firstName: 'Dylan',
    lastName: 'Dual',
    role: 'contractor',
    additionalRoles: ['engineer'],
    isDualRole: true,
    status: 'invited',
    twoFactorMethod: 'email',
    phone: null,
  }),
];

beforeEach(() => {
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UsersPage', () => {
  it('lists the users and asks the server again when searching and filtering', async () => {
    const { calls } = stubApi({
      'GET /api/users': () => ({ body: { users: people, total: 2, page: 1, pageSize: 25 } }),
      'GET /api/contractors': () => ({ body: { items: [] } }),
    });
    renderPage(<UsersPage />, '/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Emma Engineer')).toBeTruthy();
    expect(within(table).getByText('07700 900001')).toBeTruthy();
    expect(within(table).getByText('+ Field Engineer')).toBeTruthy();
    expect(within(table).getByText('Invited')).toBeTruthy();
    expect(within(table).getByText('2FA email')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Search'), 'dyl');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'contractor');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'invited');
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/users?search=dyl&role=contractor&status=invited&page=1&pageSize=25',
      ),
    );
  });

  it("puts the server's refusal of a taken email on the Email field", async () => {
    const { calls } = stubApi({
      'GET /api/users': () => ({ body: { users: people, total: 2, page: 1, pageSize: 25 } }),
      'GET /api/contractors': () => ({ body: { items: [] } }),
      'POST /api/users': () => ({
        status: 409,
        body: { message: 'A user with this email address already exists', code: 'EMAIL_TAKEN' },
      }),
    });
    renderPage(<UsersPage />, '/users');
    await userEvent.click(screen.getByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Last name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('Email'), 'emma@example.com');
    await userEvent.type(within(dialog).getByLabelText('First Name'), 'Emma');
    await userEvent.type(within(dialog).getByLabelText('Last Name'), 'Again');
    await userEvent.click(within(dialog).getByLabelText('Contractor'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('A user with this email address already exists')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      email: 'emma@example.com',
      firstName: 'Emma',
      lastName: 'Again',
      role: 'engineer',
      additionalRoles: ['contractor'],
      phone: null,
      contractorId: null,
      companyName: null,
      twoFactorMethod: 'none',
    });
  });
});
