import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { XeroStatus } from '@shared/xero/xero.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import XeroSettingsPage from './xero-settings-page';

const notSetUp: XeroStatus = {
  configured: false,
  redirectUri: 'https://uplink.example.com/api/xero/callback',
  status: 'not_connected',
  organisation: null,
  organisations: [],
  problem: null,
  connectedAt: null,
  settings: null,
  needsAttention: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('/xero-settings', () => {
  it('with no client id, says how to set Xero up and nothing else', async () => {
    const { calls } = stubApi({ 'GET /api/xero': () => ({ body: notSetUp }) });
    renderPage(<XeroSettingsPage />, '/xero-settings');
    expect(await screen.findByRole('heading', { name: 'Xero is not set up' })).toBeTruthy();
    expect(screen.getByText('https://uplink.example.com/api/xero/callback')).toBeTruthy();
    expect(screen.getByText('XERO_CLIENT_ID')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect to Xero' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sync log' })).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/xero']);
  });

  it('says why a connect came back refused, and offers to connect again when revoked', async () => {
    stubApi({
      'GET /api/xero': () => ({
        body: {
          ...notSetUp,
          configured: true,
          status: 'revoked',
          problem: 'Xero refused to renew the connection (invalid_grant); connect again.',
          needsAttention: 2,
        },
      }),
      'GET /api/xero/sync-log': () => ({ body: { items: [], total: 0, page: 1, pageSize: 25 } }),
    });
    renderPage(<XeroSettingsPage />, '/xero-settings?xero=bad_state');
    expect(await screen.findByText(/was not started here, was used already/)).toBeTruthy();
    expect(screen.getByText(/invalid_grant/)).toBeTruthy();
    expect(screen.getByText(/2 documents need attention/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();
    expect(await screen.findByText('Nothing sent yet')).toBeTruthy();
  });
});
