import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/auth/current-user';
import { resetAuthStateForTests } from '../lib/auth';
import { ROLE_PREFERENCE_KEY, SHOW_DEBUG_INFO_KEY } from '../lib/storage-keys';
import { App } from './app';
import { routes } from './routes';

// Pages load lazily; on a busy machine the first import of a chunk can take a few seconds.
configure({ asyncUtilTimeout: 8_000 });

function makeUser(overrides: Partial<CurrentUser>): CurrentUser {
  return {
    id: 'u1',
    role: 'back_office',
    additionalRoles: [],
    isDualRole: false,
    firstName: 'Olive',
    lastName: 'Office',
    profileImageUrl: null,
    email: 'office@example.com',
    contractorId: null,
    ...overrides,
  };
}

function serve(user: CurrentUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user') {
        return user ? Response.json(user) : new Response('Unauthorized', { status: 401 });
      }
      if (url === '/readyz') {
        return Response.json({
          status: 'ready',
          checks: { database: true, migrations: true, seed: true },
        });
      }
      return new Response('not found', { status: 404 });
    }),
  );
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

beforeEach(() => {
  resetAuthStateForTests();
  sessionStorage.clear();
  vi.stubGlobal('innerWidth', 1280);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('route table (spec §2)', () => {
  it('holds every route of the spec once', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/signup',
      '/login',
      '/set-password',
      '/customer/:orderNumber',
      '/customer-form/:token',
      '/kit-arrived/:token',
      '/',
      '/back-office',
      '/orders',
      '/customers',
      '/contractors',
      '/users',
      '/audit',
      '/admin/backup',
      '/admin/inventory',
      '/admin/stock-management',
      '/admin/contractor-reports',
      '/admin/sbpm-reports',
      '/api/inbound',
      '/api/outbound',
      '/api/settings',
      '/api/logs',
      '/blocked-ips',
      '/settings',
      '/sms-settings',
      '/xero-settings',
      '/contractor',
      '/engineer',
      '/installation/:orderId',
      '/order-summary/:orderNumber',
      '/contractor-management',
      '/back-office/contractor-management',
      '/home',
      '/app',
      '/customer',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('signed out', () => {
  it('shows the landing page on /', async () => {
    serve(null);
    open('/');
    expect(await screen.findByRole('heading', { name: 'Uplink', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it.each(['/orders', '/back-office', '/engineer', '/installation/42', '/home'])(
    'sends %s to /login',
    async (path) => {
      serve(null);
      open(path);
      await waitFor(() => expect(window.location.pathname).toBe('/login'));
    },
  );

  it('shows the loading placeholder while the check is under way', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    open('/back-office');
    expect(screen.getByTestId('auth-loading')).toBeTruthy();
  });

  it('shows the 404 page for any other path', async () => {
    serve(null);
    open('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('signed in', () => {
  it('routes back office from / to /back-office, once', async () => {
    serve(makeUser({ role: 'back_office' }));
    open('/');
    await waitFor(() => expect(window.location.pathname).toBe('/back-office'));
    expect(await screen.findByText('Back Office Staff')).toBeTruthy();
    expect(screen.getByText('Olive Office')).toBeTruthy();

    // The logo leads home, and home now stays put: automatic routing ran already.
    await userEvent.click(screen.getByRole('link', { name: 'Uplink home' }));
    expect(await screen.findByText('Welcome back, Olive')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('leaves a customer on the welcome page, labelled Customer, with live status cards', async () => {
    serve(makeUser({ role: 'customer', firstName: 'Cara', lastName: 'Customer' }));
    open('/');
    expect(await screen.findByText('Welcome back, Cara')).toBeTruthy();
    expect(screen.getByText('Customer')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to Dashboard/ }).getAttribute('href')).toBe(
      '/customer',
    );
    expect(await screen.findByText('All systems operational')).toBeTruthy();
    expect(screen.getByText('Connected and synchronized')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('follows the network: Offline in the top bar and on the connection card', async () => {
    serve(makeUser({ role: 'customer' }));
    open('/');
    expect(await screen.findByText('Connected and synchronized')).toBeTruthy();
    const indicator = screen.getByTestId('online-indicator');
    expect(indicator.textContent).toBe('Online');

    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(indicator.textContent).toBe('Offline');
    expect(screen.getByTestId('status-connection').textContent).toContain('Offline');

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(indicator.textContent).toBe('Online');
    expect(screen.getByText('Connected and synchronized')).toBeTruthy();
    onLine.mockRestore();
  });

  it('says plainly when the server is not ready', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/readyz'
          ? Response.json(
              { status: 'not_ready', checks: { database: false, migrations: true, seed: true } },
              { status: 503 },
            )
          : Response.json(makeUser({ role: 'customer' })),
      ),
    );
    open('/');
    expect(await screen.findByText('The system is not ready')).toBeTruthy();
    expect(screen.getByText(/the database is not answering/)).toBeTruthy();
  });

  it('routes a dual-role user on a desktop to the contractor portal, or their preference', async () => {
    serve(makeUser({ role: 'contractor', isDualRole: true }));
    open('/');
    await waitFor(() => expect(window.location.pathname).toBe('/contractor'));
    const toggle = await screen.findByRole('button', { name: /Change to Engineer mode/ });
    await userEvent.click(toggle);
    expect(window.location.pathname).toBe('/engineer');
    expect(localStorage.getItem(ROLE_PREFERENCE_KEY)).toBe('engineer');
    expect(await screen.findByRole('button', { name: /Change to Contractor mode/ })).toBeTruthy();
  });

  it('routes a dual-role user on a phone to the engineer app', async () => {
    vi.stubGlobal('innerWidth', 390);
    serve(makeUser({ role: 'contractor', additionalRoles: ['engineer'] }));
    open('/');
    await waitFor(() => expect(window.location.pathname).toBe('/engineer'));
  });

  it('shows a no-access page for a route the role may not open', async () => {
    serve(makeUser({ role: 'engineer' }));
    open('/orders');
    // The page's own h1 (issue 24: axe found none).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('gives back office the navigation with the API and Administration menus', async () => {
    serve(makeUser({ role: 'back_office' }));
    open('/orders');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    for (const name of ['Dashboard', 'Orders', 'Users', 'Contractors']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('button', { name: 'API' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Administration' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('gives engineers the persisted Debug checkbox', async () => {
    serve(makeUser({ role: 'engineer' }));
    open('/engineer');
    const debug = await screen.findByRole('checkbox', { name: 'Debug' });
    expect(screen.queryByRole('region', { name: 'Debug info' })).toBeNull();
    await userEvent.click(debug);
    expect(localStorage.getItem(SHOW_DEBUG_INFO_KEY)).toBe('true');
    expect(screen.getByRole('region', { name: 'Debug info' })).toBeTruthy();
    await userEvent.click(debug);
    expect(localStorage.getItem(SHOW_DEBUG_INFO_KEY)).toBe('false');
  });

  it('shows no Debug checkbox to other roles', async () => {
    serve(makeUser({ role: 'contractor' }));
    open('/contractor');
    expect(await screen.findByText('Olive Office')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Debug' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });
});
