import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Message } from '@shared/messages/messages.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import { MessageLogSection } from './message-log-section';

const failed: Message = {
  id: 'm2',
  channel: 'sms',
  kind: 'order_received',
  orderId: null,
  to: '+447700900002',
  subject: null,
  body: 'Hi Ada',
  status: 'failed',
  provider: 'twilio',
  attempts: 3,
  lastError: 'Unreachable handset',
  createdAt: '2026-11-22T12:00:00.000Z',
  sentAt: null,
};

describe('MessageLogSection (the SMS system page)', () => {
  it('lists messages with their kind in words and status, filters by recipient, resends', async () => {
    const { calls } = stubApi({
      'GET /api/messages': () => ({
        body: {
          messages: [failed],
          total: 1,
          page: 1,
          pageSize: 25,
          delivery: { email: 'smtp', sms: 'twilio' },
        },
      }),
      'POST /api/messages/m2/resend': () => ({ status: 202, body: {} }),
    });
    renderPage(<MessageLogSection />, '/sms-settings');
    const row = (await screen.findByText('+447700900002')).closest('tr')!;
    expect(within(row).getByText('Order received (customer form link)')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('Unreachable handset')).toBeTruthy();
    expect(screen.getByText('1 message')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Recipient' }), '4477');
    await waitFor(() => expect(calls.some((c) => c.url.includes('to=4477'))).toBe(true));

    await userEvent.click(
      within(row).getByRole('button', {
        name: 'Resend Order received (customer form link) to +447700900002',
      }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/messages/m2/resend')).toBe(
        true,
      ),
    );
  });
});
