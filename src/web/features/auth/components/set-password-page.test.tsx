import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import SetPasswordPage from './set-password-page';

const account = {
  user: {
    firstName: 'Ellie',
    lastName: 'Engineer',
    email: 'ellie@example.com',
    role: 'engineer',
    companyName: 'Skyline Installs',
  },
  purpose: 'invitation',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SetPasswordPage', () => {
  it('shows the invalid state for a missing token without asking the server', async () => {
    const { calls } = stubApi({});
    renderPage(<SetPasswordPage />, '/set-password');
    expect(screen.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeTruthy();
    expect(
      screen.getByText(
        'This password setup link is invalid or has expired. Please contact your administrator for a new invitation.',
      ),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a spinner, then the invalid state when the server refuses the token', async () => {
    stubApi({
      'GET /api/validate-reset-token': () => ({
        status: 400,
        body: { message: 'bad', code: 'INVALID_TOKEN' },
      }),
    });
    renderPage(<SetPasswordPage />, '/set-password?token=abc');
    expect(screen.getByText('Checking your link…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Invalid or Expired Link' })).toBeTruthy();
  });

  it('shows the account, validates, sets the password and goes to /login after 2 seconds', async () => {
    const { calls } = stubApi({
      'GET /api/validate-reset-token': () => ({ body: account }),
      'POST /api/set-password': () => ({ body: { message: 'ok' } }),
    });
    const { location } = renderPage(<SetPasswordPage />, '/set-password?token=tok%2Fen');
    expect(await screen.findByText('Ellie Engineer')).toBeTruthy();
    expect(screen.getByText('ellie@example.com')).toBeTruthy();
    expect(screen.getByText('Field Engineer')).toBeTruthy();
    expect(screen.getByText('Skyline Installs')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/validate-reset-token?token=tok%2Fen');

    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'orbit-dish-lantern');
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'orbit-dish-lantern');
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password Set Successfully')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/set-password',
      body: { token: 'tok/en', password: 'orbit-dish-lantern' },
    });
    act(() => vi.advanceTimersByTime(1_900));
    expect(location.history.at(-1)).not.toBe('/login');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });

  it("toasts 'Error' with the server's message or 'Failed to set password'", async () => {
    let body: object = { message: 'This password is too common.', code: 'WEAK_PASSWORD' };
    stubApi({
      'GET /api/validate-reset-token': () => ({ body: account }),
      'POST /api/set-password': () => ({ status: 400, body }),
    });
    renderPage(<SetPasswordPage />, '/set-password?token=t');
    await userEvent.type(await screen.findByLabelText('Password'), 'password123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('This password is too common.')).toBeTruthy();
    body = {};
    await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Failed to set password')).toBeTruthy();
  });
});
