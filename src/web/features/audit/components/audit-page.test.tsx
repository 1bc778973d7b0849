import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@shared/audit/audit.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import AuditPage from './audit-page';

afterEach(() => vi.unstubAllGlobals());

const entry = (n: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: `2026-01-10T09:${String(n % 60).padStart(2, '0')}:00.000Z`,
  action: 'auth.sign_in',
  actionLabel: 'Signed in',
  actor: { id: '11111111-1111-4111-8111-111111111111', name: 'Audrey Reader' },
  targetType: 'user',
  targetId: `user-${n}`,
  target: `User: Person ${n}`,
  ip: '203.0.113.9',
  userAgent: 'test',
  changes: [],
  facts: [],
  details: {},
  ...extra,
});

const buckets = ['2026-01-09', '2026-01-10'].map((day, i) => ({
  start: `${day}T00:00`,
  signIns: i * 3,
  signInFailures: 1,
  lockouts: 0,
  ipBlocks: 0,
}));

function stub() {
  return stubApi({
    'GET /api/audit': ({ url }) =>
      url.includes('cursor=page-2')
        ? { body: { items: [entry(3, { actionLabel: 'Signed out' })], nextCursor: null } }
        : {
            body: {
              items: [
                entry(1, {
                  action: 'user.updated',
                  actionLabel: 'User updated',
                  changes: [{ field: 'Last name', before: 'Old', after: 'New' }],
                }),
                entry(4, {
                  action: 'auth.sign_in_failed',
                  actionLabel: 'Sign-in failed',
                  actor: null,
                  target: null,
                  facts: [
                    { label: 'Email', value: 'nobody@example.com' },
                    { label: 'Reason', value: 'Unknown email' },
                  ],
                }),
                entry(2, {
                  action: 'customer.updated',
                  actionLabel: 'Customer updated',
                  targetType: 'customer',
                  targetId: '22222222-2222-4222-8222-222222222222',
                  target: 'Customer: 22222222-2222-4222-8222-222222222222',
                }),
              ],
              nextCursor: 'page-2',
            },
          },
    'GET /api/audit/charts': () => ({
      body: { interval: 'day', from: '2026-01-09', to: '2026-01-10', buckets },
    }),
    'GET /api/users': () => ({ body: { users: [], total: 0, page: 1, pageSize: 200 } }),
  });
}

describe('Security Audit page', () => {
  it('shows each change before and after in words, and loads the next page by its cursor', async () => {
    const { calls } = stub();
    renderPage(<AuditPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Security Audit' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Last name: Old → New')).toBeTruthy();
    // What else an entry records: the email a failed sign-in tried, and why it failed.
    expect(within(table).getByText('Email: nobody@example.com')).toBeTruthy();
    expect(within(table).getByText('Reason: Unknown email')).toBeTruthy();
    expect(within(table).queryAllByText('Signed in')).toHaveLength(0);
    // The target in words: a user by name, a customer as a link to their page.
    expect(within(table).getByText('User: Person 1')).toBeTruthy();
    expect(
      within(table).getByRole('link', { name: 'Customer: 22222222-2222-4222-8222-222222222222' }),
    ).toHaveProperty('pathname', '/customers/22222222-2222-4222-8222-222222222222');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Signed out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Showing 4 entries, newest first (all of them).')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('cursor=page-2'))).toBe(true);
  });

  it('draws the four charts with names a screen reader reads', async () => {
    stub();
    renderPage(<AuditPage />);
    expect(
      await screen.findByRole('img', { name: 'Sign-ins: 3 in this period, most (3) on 10 Jan' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Lockouts: none in this period' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Sign-in failures: 2 in this period/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^IP blocks/ })).toBeTruthy();
  });

  it('draws each chart with Recharts, its figures in a table beneath', async () => {
    stub();
    renderPage(<AuditPage />);
    const chart = await screen.findByRole('img', { name: /^Sign-ins: 3 in this period/ });
    // The named image is Recharts' own SVG, a bar for each day with any (0 draws none), a
    // tick for each day on its axis (jsdom cannot measure their words, the browser test reads them).
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.classList.contains('recharts-surface')).toBe(true);
    expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(1);
    const failures = screen.getByRole('img', { name: /^Sign-in failures: 2 in this period/ });
    expect(failures.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2);
    expect(chart.querySelectorAll('.recharts-xAxis-tick-labels text')).toHaveLength(2);
    // Its keyboard layer is off: nothing focusable inside the image.
    expect(chart.getAttribute('tabindex')).toBeNull();

    // An initialism keeps its capitals inside the sentence.
    expect(screen.getByText('Figures for IP blocks')).toBeTruthy();
    const summary = screen.getByText('Figures for sign-ins');
    expect(summary.tagName.toLowerCase()).toBe('summary');
    expect(summary.className).toBe('min-h-6 cursor-pointer py-0.5');
    const figures = within(summary.closest('details')!).getByRole('table');
    expect(within(figures).getByRole('columnheader', { name: 'Sign-ins' })).toBeTruthy();
    expect(
      within(figures)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['9 Jan0', '10 Jan3']);
  });

  it('sends the filters to the list, the charts and the CSV link', async () => {
    const { calls } = stub();
    renderPage(<AuditPage />);
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.type(screen.getByLabelText('IP address'), '198.51.100.7');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'auth.sign_in_failed');
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.startsWith('/api/audit?') &&
            call.url.includes('ip=198.51.100.7') &&
            call.url.includes('action=auth.sign_in_failed'),
        ),
      ).toBe(true),
    );
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe(
      '/api/audit/export.csv?action=auth.sign_in_failed&ip=198.51.100.7',
    );
  });

  it('while new filters load, keeps the old rows without calling them all, then pages the new', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubApi({
      'GET /api/audit': async ({ url }) => {
        if (!url.includes('ip=')) return { body: { items: [entry(1)], nextCursor: null } };
        await held;
        return { body: { items: [entry(5)], nextCursor: 'next' } };
      },
      'GET /api/audit/charts': () => ({
        body: { interval: 'day', from: '2026-01-09', to: '2026-01-10', buckets },
      }),
      'GET /api/users': () => ({ body: { users: [], total: 0, page: 1, pageSize: 200 } }),
    });
    renderPage(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await screen.findByText('Showing 1 entry, newest first (all of them).');
    await userEvent.type(screen.getByLabelText('IP address'), '198.51.100.7');
    await screen.findByText('Showing 1 entry, newest first.');
    within(table).getByText('User: Person 1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    release();
    await within(table).findByText('User: Person 5');
    await screen.findByRole('button', { name: 'Load more' });
  });

  it('shows the server’s message when the filters are refused', async () => {
    stubApi({
      'GET /api/audit': () => ({
        status: 400,
        body: {
          message: 'The end date must be on or after the start date',
          code: 'VALIDATION_ERROR',
        },
      }),
      'GET /api/audit/charts': () => ({
        body: { interval: 'day', from: '2026-01-09', to: '2026-01-10', buckets },
      }),
      'GET /api/users': () => ({ body: { users: [], total: 0, page: 1, pageSize: 200 } }),
    });
    renderPage(<AuditPage />);
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
  });
});
