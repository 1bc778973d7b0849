import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import SignupPage from './signup-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SignupPage', () => {
  it('explains invitations and goes to /login after 3 seconds when no sign-up URL is set', async () => {
    stubApi({ 'GET /api/auth/signup-info': () => ({ body: { signupUrl: null } }) });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { location } = renderPage(<SignupPage />, '/signup');
    expect(await screen.findByText(/Accounts are created by invitation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe(
      '/login',
    );
    act(() => vi.advanceTimersByTime(2_900));
    expect(location.history.at(-1)).toBe('/signup');
    act(() => vi.advanceTimersByTime(200));
    expect(location.history.at(-1)).toBe('/login');
  });

  it('links to and redirects to SIGNUP_URL after 3 seconds when it is set', async () => {
    stubApi({
      'GET /api/auth/signup-info': () => ({ body: { signupUrl: 'https://id.example.com/signup' } }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderPage(<SignupPage />, '/signup');
    const button = await screen.findByRole('link', { name: 'Create Account' });
    expect(button.getAttribute('href')).toBe('https://id.example.com/signup');
    act(() => vi.advanceTimersByTime(2_900));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(assign).toHaveBeenCalledWith('https://id.example.com/signup');
  });
});
