import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMessageBodySchema } from '@shared/messages/messages.contracts';
import { saveTemplateBodySchema, type MessageTemplate } from '@shared/messages/templates';
import { renderPage, stubApi } from '@tests/support/web-render';
import SmsSettingsPage from './sms-settings-page';

afterEach(() => vi.unstubAllGlobals());

const template: MessageTemplate = {
  kind: 'order_received',
  channel: 'sms',
  subject: null,
  body: 'Hello {{firstName}}',
  edited: false,
  allowedVariables: ['firstName', 'link'],
  sms: null,
  updatedAt: null,
};

function renderSettings(saveTemplate: () => { status?: number; body: unknown }) {
  const stub = stubApi({
    'GET /api/sms-settings/login': () => ({ body: { enabled: false } }),
    'GET /api/messages/provider': () => ({
      body: {
        sms: { provider: 'outbox', sender: null, statusCallbackUrl: 'http://x/cb' },
        email: { provider: 'outbox' },
      },
    }),
    'GET /api/messages/templates': () => ({ body: { templates: [template] } }),
    'POST /api/messages/templates/preview': ({ body }) => ({
      body: { subject: null, body: (body as { body: string }).body, sms: null },
    }),
    'GET /api/orders': () => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } }),
    'GET /api/messages': () => ({
      body: {
        messages: [],
        total: 0,
        page: 1,
        pageSize: 25,
        delivery: { email: 'outbox', sms: 'outbox' },
      },
    }),
    'PUT /api/messages/templates/order_received/sms': saveTemplate,
    'POST /api/messages/test': () => ({ status: 500, body: { message: 'Not sent' } }),
  });
  renderPage(<SmsSettingsPage />);
  return stub;
}

const messageOf = (parsed: { error?: { issues: { message: string }[] } }) =>
  parsed.error!.issues[0]!.message;

describe('SMS settings forms', () => {
  it('template: an empty text gets saveTemplateBodySchema’s message; the server’s goes on the text', async () => {
    const { calls } = renderSettings(() => ({
      status: 400,
      body: {
        message: 'Check the template',
        code: 'VALIDATION',
        details: { body: ['Unknown variable {{surname}}'] },
      },
    }));
    const text = await screen.findByLabelText('Text');
    await userEvent.clear(text);
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(
      await screen.findByText(messageOf(saveTemplateBodySchema.safeParse({ body: '' }))),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await userEvent.type(text, 'Hi {{{{surname}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Unknown variable {{surname}}')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { subject: null, body: 'Hi {{surname}}' },
    ]);
  });

  it('test message: too short an address gets testMessageBodySchema’s message, a failure the server’s', async () => {
    const { calls } = renderSettings(() => ({ body: {} }));
    const to = await screen.findByLabelText('Test number');
    await userEvent.type(to, '07');
    await userEvent.click(screen.getByRole('button', { name: 'Send test message' }));
    expect(
      await screen.findByText(
        messageOf(testMessageBodySchema.safeParse({ channel: 'sms', to: '07' })),
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/messages/test')).toEqual([]);

    await userEvent.type(to, '700900555');
    await userEvent.click(screen.getByRole('button', { name: 'Send test message' }));
    expect(await screen.findByText('Not sent')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/messages/test')!.body).toEqual({
      channel: 'sms',
      to: '07700900555',
    });
  });
});
