import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEndpoint,
} from '@shared/webhooks/webhooks.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import OutboundPage from './outbound-page';

const partnerId = '00000000-0000-4000-8000-0000000000a1';
const endpoint: WebhookEndpoint = {
  id: '00000000-0000-4000-8000-0000000000e1',
  partnerId,
  partnerName: 'SBPM',
  url: 'https://hooks.sbpm.example/uplink',
  description: 'Status feed',
  events: ['order.*'],
  enabled: false,
  disabledReason: 'gone',
  disabledAt: '2026-11-23T10:00:00.000Z',
  secretHint: 'whsec_AbCd…',
  previousSecretExpiresAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: '00000000-0000-4000-8000-0000000000d1',
  endpointId: endpoint.id,
  endpointUrl: endpoint.url,
  partnerId,
  partnerName: 'SBPM',
  eventId: '00000000-0000-4000-8000-0000000000f1',
  eventType: 'order.complete',
  orderId: '00000000-0000-4000-8000-0000000000c1',
  orderNumber: 'UPL-2026-000042',
  status: 'failed',
  attempts: 1,
  nextAttemptAt: null,
  lastStatusCode: 410,
  lastError: 'HTTP 410',
  createdAt: '2026-11-23T09:59:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const detail: WebhookDeliveryDetail = {
  ...delivery,
  body: '{"type":"order.complete","data":{"orderNumber":"UPL-2026-000042"}}',
  attemptsMade: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      attemptNumber: 1,
      manual: false,
      url: endpoint.url,
      requestHeaders: { 'webhook-id': delivery.id, 'webhook-signature': 'v1,abc=' },
      remoteAddress: '93.184.216.34',
      responseStatus: 410,
      responseBody: 'gone',
      error: null,
      durationMs: 87,
      startedAt: '2026-11-23T10:00:00.000Z',
    },
  ],
};

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
afterEach(() => vi.unstubAllGlobals());

function stub(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/webhook-endpoints': () => ({ body: { items: [endpoint] } }),
    'GET /api/webhook-deliveries': () => ({
      body: { items: [delivery], total: 1, page: 1, pageSize: 25 },
    }),
    [`GET /api/webhook-deliveries/${delivery.id}`]: () => ({ body: detail }),
    'GET /api/partners': () => ({ body: { items: [{ id: partnerId, name: 'SBPM' }] } }),
    ...extra,
  });
}

describe('/api/outbound', () => {
  it('lists endpoints with why they are disabled, and deliveries with their last answer', async () => {
    stub();
    renderPage(<OutboundPage />, '/api/outbound');
    const endpoints = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(within(endpoints).getByText('https://hooks.sbpm.example/uplink')).toBeTruthy();
    expect(within(endpoints).getByText('Disabled')).toBeTruthy();
    expect(within(endpoints).getByText('The receiver answered 410 Gone')).toBeTruthy();
    expect(within(endpoints).getByRole('button', { name: 'Enable SBPM endpoint' })).toBeTruthy();
    const deliveries = await screen.findByRole('table', { name: 'Webhook deliveries' });
    expect(within(deliveries).getByText('UPL-2026-000042')).toBeTruthy();
    expect(within(deliveries).getByText('HTTP 410')).toBeTruthy();
    expect(within(deliveries).getByText('Failed')).toBeTruthy();
  });

  it('opens a delivery with its attempts and redelivers it', async () => {
    const redelivered: WebhookDeliveryDetail = {
      ...detail,
      status: 'succeeded',
      attempts: 2,
      attemptsMade: [
        ...detail.attemptsMade,
        {
          ...detail.attemptsMade[0]!,
          id: '00000000-0000-4000-8000-0000000000b2',
          attemptNumber: 2,
          manual: true,
          responseStatus: 204,
          responseBody: '',
        },
      ],
    };
    const { calls } = stub({
      [`POST /api/webhook-deliveries/${delivery.id}/redeliver`]: () => ({ body: redelivered }),
    });
    renderPage(<OutboundPage />, '/api/outbound');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Details of order.complete for UPL-2026-000042' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Webhook delivery' });
    expect(await within(dialog).findByText('Attempt 1')).toBeTruthy();
    expect(within(dialog).getByText('87 ms')).toBeTruthy();
    expect(within(dialog).getByText('to 93.184.216.34')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeliver' }));
    expect(await within(dialog).findByText('Attempt 2 (manual)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/redeliver'))).toBe(true);
  });

  it('adds an endpoint, shows the refusal on the URL, then the secret once', async () => {
    let tries = 0;
    const { calls } = stub({
      'POST /api/webhook-endpoints': () => {
        tries += 1;
        return tries === 1
          ? {
              status: 400,
              body: {
                code: 'WEBHOOK_TARGET_REFUSED',
                message:
                  'This URL cannot receive webhooks: 10.0.0.1 is not a public address (private).',
                details: { url: ['Refused: 10.0.0.1 is not a public address (private)'] },
              },
            }
          : {
              status: 201,
              body: { endpoint, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' },
            };
      },
    });
    renderPage(<OutboundPage />, '/api/outbound');
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'SBPM' })).toBeTruthy());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Partner/), partnerId);
    await userEvent.type(within(dialog).getByLabelText(/URL/), 'http://10.0.0.1/hooks');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(/Refused: 10\.0\.0\.1/)).toBeTruthy();

    await userEvent.clear(within(dialog).getByLabelText(/URL/));
    await userEvent.type(within(dialog).getByLabelText(/URL/), 'https://hooks.sbpm.example/uplink');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect((within(secret).getByTestId('webhook-secret') as HTMLInputElement).value).toBe(
      'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
    );
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted.at(-1)!.body).toMatchObject({
      partnerId,
      url: 'https://hooks.sbpm.example/uplink',
      events: ['order.*'],
    });
  });

  it('asks for at least one event', async () => {
    stub();
    renderPage(<OutboundPage />, '/api/outbound');
    await userEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /All order events/ }));
    await userEvent.type(within(dialog).getByLabelText(/URL/), 'https://hooks.example/x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeTruthy();
  });
});
