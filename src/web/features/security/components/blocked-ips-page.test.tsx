import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipRangeMessage } from '@shared/partner-api/ip-range';
import { renderPage, stubApi } from '@tests/support/web-render';
import BlockedIpsPage from './blocked-ips-page';

afterEach(() => vi.unstubAllGlobals());

describe('block form', () => {
  it('refuses a bad range with the shared schema’s message before asking the server', async () => {
    const { calls } = stubApi({ 'GET /api/blocked-ips': () => ({ body: { blockedIps: [] } }) });
    renderPage(<BlockedIpsPage />);
    await userEvent.type(screen.getByLabelText('Address or range'), '198.51.100.0/33');
    await userEvent.type(screen.getByLabelText('Reason'), 'Testing');
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(ipRangeMessage)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('puts the server’s message on its field, and blocks once the body is right', async () => {
    let refuse = true;
    const { calls } = stubApi({
      'GET /api/blocked-ips': () => ({ body: { blockedIps: [] } }),
      'POST /api/blocked-ips': ({ body }) =>
        refuse
          ? {
              status: 400,
              body: {
                message: 'Check the fields',
                code: 'VALIDATION',
                details: { reason: ['A reason is required'] },
              },
            }
          : {
              status: 201,
              body: {
                id: '11111111-1111-4111-8111-111111111111',
                ip: (body as { ip: string }).ip,
                reason: 'Scraping',
                source: 'manual',
                expiresAt: null,
                createdAt: '2026-01-01T00:00:00.000Z',
                createdBy: null,
              },
            },
    });
    renderPage(<BlockedIpsPage />);
    await userEvent.type(screen.getByLabelText('Address or range'), '198.51.100.0/24');
    await userEvent.type(screen.getByLabelText('Reason'), 'Scraping');
    await userEvent.selectOptions(screen.getByLabelText('Block for'), 'never');
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const reason = screen.getByLabelText('Reason');
    expect(await screen.findByText('A reason is required')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      '198.51.100.0/24 is blocked.',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { ip: '198.51.100.0/24', reason: 'Scraping', expiresInHours: null },
      { ip: '198.51.100.0/24', reason: 'Scraping', expiresInHours: null },
    ]);
    expect(screen.getByLabelText('Address or range')).toHaveProperty('value', '');
  });
});
