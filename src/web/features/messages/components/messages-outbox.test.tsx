import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Message } from '@shared/messages/messages.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import { MessagesOutbox } from './messages-outbox';

const outboxSms: Message = {
  id: 'm1',
  channel: 'sms',
  kind: 'sms_login_code',
  orderId: null,
  to: '+447700900001',
  subject: null,
  body: 'Your Uplink sign-in code is 482913. It expires in 5 minutes.',
  status: 'sent',
  provider: 'outbox',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  sentAt: '2026-11-22T12:00:01.000Z',
};

describe('MessagesOutbox', () => {
  it('shows the outbox with the text of each message while no provider is configured', async () => {
    stubApi({
      'GET /api/messages': () => ({
        body: {
          messages: [outboxSms],
          total: 1,
          page: 1,
          pageSize: 25,
          delivery: { email: 'outbox', sms: 'outbox' },
        },
      }),
    });
    renderPage(<MessagesOutbox />, '/users?tab=messages');
    expect(
      await screen.findByText(
        'No email or SMS provider is configured: messages are not delivered, they are kept here.',
      ),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Messages' });
    expect(within(table).getByText('07700 900001')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: /^Read/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('message-body').textContent).toContain('482913');
  });
});
