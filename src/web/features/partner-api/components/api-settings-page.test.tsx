import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ipRangeMessage } from '@shared/partner-api/ip-range';
import { renderPage, stubApi } from '@tests/support/web-render';
import ApiSettingsPage from './api-settings-page';
import InboundPage from './inbound-page';

afterEach(() => vi.unstubAllGlobals());

const settings = { rateLimitPerMinute: 600, logRetentionDays: 30, defaultAllowedCidrs: [] };
const partnerId = '22222222-2222-4222-8222-222222222222';

describe('API settings form', () => {
  it('gives the shared schema’s messages on the fields and sends nothing until they are right', async () => {
    const { calls } = stubApi({
      'GET /api/partner-api/settings': () => ({ body: settings }),
      'GET /api/webhooks/settings': () => ({ body: { allowPrivateTargets: false } }),
      'PUT /api/partner-api/settings': ({ body }) => ({ body }),
    });
    renderPage(<ApiSettingsPage />);
    const rate = await screen.findByLabelText('Requests per minute, per key');
    await userEvent.clear(rate);
    await userEvent.type(rate, '0');
    await userEvent.type(screen.getByLabelText('Allowed addresses for new keys'), 'not-a-range');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At least 1')).toBeTruthy();
    expect(screen.getByText(ipRangeMessage)).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await userEvent.clear(rate);
    await userEvent.type(rate, '120');
    await userEvent.clear(screen.getByLabelText('Allowed addresses for new keys'));
    await userEvent.type(screen.getByLabelText('Allowed addresses for new keys'), '203.0.113.0/24');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => call.body)).toEqual([
      { rateLimitPerMinute: 120, logRetentionDays: 30, defaultAllowedCidrs: ['203.0.113.0/24'] },
    ]);
  });
});

describe('new API key form', () => {
  it('shows the server’s message for one of the ranges on the ranges field', async () => {
    const { calls } = stubApi({
      'GET /api/partner-api/settings': () => ({
        body: { ...settings, defaultAllowedCidrs: ['198.51.100.0/24'] },
      }),
      'GET /api/partners': () => ({
        body: { items: [{ id: partnerId, name: 'Skyline', active: true }] },
      }),
      'GET /api/partner-api/keys': () => ({ body: { items: [] } }),
      'GET /api/partner-api/requests': () => ({
        body: { items: [], total: 0, page: 1, pageSize: 10 },
      }),
      'POST /api/partner-api/keys': () => ({
        status: 400,
        body: {
          message: 'Check the fields',
          code: 'VALIDATION',
          details: { 'allowedCidrs.0': ['That range is taken'] },
        },
      }),
    });
    renderPage(<InboundPage />);
    await screen.findByRole('option', { name: 'Skyline' });
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByLabelText('Partner').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Choose a partner')).toHaveLength(2);

    await userEvent.selectOptions(screen.getByLabelText('Partner'), partnerId);
    await userEvent.type(screen.getByLabelText('Key name'), 'Production');
    await userEvent.click(screen.getByLabelText('Read (get and list orders)'));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('That range is taken')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { partnerId, name: 'Production', scopes: ['write'], allowedCidrs: ['198.51.100.0/24'] },
    ]);
  });
});
