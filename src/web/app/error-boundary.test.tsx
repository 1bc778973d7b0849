import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/auth/current-user';
import { resetAuthStateForTests } from '../lib/auth';
import { appVersion } from '../lib/app-version';
import { App } from './app';
import { ErrorBoundary } from './error-boundary';

// Decision 057: a page that throws shows what happened with a way back, and reports it.

configure({ asyncUtilTimeout: 8_000 });

// The pages the app renders, made to throw when a test says so.
const broken = vi.hoisted(() => ({ home: false, shell: false }));
vi.mock('../features/home/components/home-page', async (importOriginal) => {
  const real = await importOriginal<typeof import('../features/home/components/home-page')>();
  const Real = real.default;
  return {
    default: () => {
      if (broken.home) throw new Error('The home page broke');
      return <Real />;
    },
  };
});
vi.mock('../features/shell/components/app-shell', async (importOriginal) => {
  const real = await importOriginal<typeof import('../features/shell/components/app-shell')>();
  const Real = real.default;
  return {
    default: (props: Parameters<typeof Real>[0]) => {
      if (broken.shell) throw new Error('The shell broke');
      return <Real {...props} />;
    },
  };
});

const user: CurrentUser = {
  id: 'u1',
  role: 'customer',
  additionalRoles: [],
  isDualRole: false,
  firstName: 'Cara',
  lastName: 'Customer',
  profileImageUrl: null,
  email: 'cara@example.com',
  contractorId: null,
};

/** The API stand-in; answers the reports the boundaries send. */
function serve() {
  const reports: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/client-errors' && init?.method === 'POST') {
        reports.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return new Response(null, { status: 204 });
      }
      if (url === '/api/auth/user') return Response.json(user);
      if (url === '/readyz')
        return Response.json({
          status: 'ready',
          checks: { database: true, migrations: true, seed: true },
        });
      return new Response('not found', { status: 404 });
    }),
  );
  return reports;
}

/** React reports every error a boundary caught on console.error; these are expected here. */
function expectOnlyLogged(message: string) {
  const logged = vi.mocked(console.error).mock.calls;
  vi.mocked(console.error).mockClear();
  return logged.every((args) => args.some((arg) => String(arg).includes(message)));
}

beforeEach(() => {
  resetAuthStateForTests();
  sessionStorage.clear();
  vi.stubGlobal('innerWidth', 1280);
  // Caught errors are logged by React; the test checks them itself (expectOnlyLogged).
  vi.mocked(console.error).mockImplementation(() => undefined);
  broken.home = false;
  broken.shell = false;
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function Thrower({ when }: { when: () => boolean }) {
  if (when()) throw new Error('Cannot read properties of undefined (reading "name")');
  return <p>The page works</p>;
}

describe('error boundaries', () => {
  it('shows a page that threw as a message with a way back, reports it, and tries again', async () => {
    const reports = serve();
    let failing = true;
    window.history.replaceState(null, '', '/orders/o1?token=secret');
    render(
      <ErrorBoundary scope="route" resetKey="/orders/o1">
        <Thrower when={() => failing} />
      </ErrorBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('This page stopped working');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({
      message: 'Cannot read properties of undefined (reading "name")',
      route: '/orders/o1',
      appVersion,
    });
    expect(String(reports[0]!.stack)).toContain('Thrower');
    expect(expectOnlyLogged('Cannot read properties of undefined')).toBe(true);

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The page works')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the shell around a route whose page threw', async () => {
    const reports = serve();
    broken.home = true;
    window.history.replaceState(null, '', '/');
    render(<App />);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    // The top bar is still there: the user can go elsewhere.
    expect(screen.getByRole('link', { name: 'Uplink home' })).toBeTruthy();
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ message: 'The home page broke', route: '/' });
    expect(expectOnlyLogged('The home page broke')).toBe(true);
  });

  it('catches what breaks outside any route at the root: never a blank screen', async () => {
    const reports = serve();
    broken.shell = true;
    window.history.replaceState(null, '', '/');
    render(<App />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Uplink stopped working');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ message: 'The shell broke', route: '/' });
    expect(expectOnlyLogged('The shell broke')).toBe(true);
  });
});
