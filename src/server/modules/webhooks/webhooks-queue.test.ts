import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobType, createPartner } from '../../../../tests/factories/orders';
import { closeTestApp, signInAs, waitFor, type AuthHeaders } from '../../../../tests/support/auth';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import {
  startWebhookReceiver,
  verifyWebhook,
  type WebhookReceiver,
} from '../../../../tests/support/webhook-receiver';
import type { WebhookEndpoint } from '@shared/webhooks/webhooks.contracts';

// The whole way through the running queue: order change → outbox → subscriber → delivery job →
// the partner's server; a 410 answer disables the endpoint and the partner's contact is emailed.

describe('webhooks through the running queue', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let receiver: WebhookReceiver;
  let office: AuthHeaders;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    receiver = await startWebhookReceiver();
    app = await createTestApp({
      workers: true,
      config: {
        SMTP_URL: smtp.url,
        MESSAGE_RETRY_DELAY_SECONDS: '1',
        EVENTS_POLL_INTERVAL_MS: '200',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      },
    });
    office = (await signInAs(app, 'back_office')).headers;
  });
  afterAll(async () => {
    await closeTestApp(app);
    await receiver.close();
    await smtp.close();
  });

  it('delivers an order event; a 410 disables the endpoint and emails the partner contact', async () => {
    const partner = await createPartner(app, { contactEmail: 'hooks@sbpm.example' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: office,
      payload: { partnerId: partner.id, url: receiver.url, events: ['order.*'] },
    });
    const { endpoint, secret } = created.json() as { endpoint: WebhookEndpoint; secret: string };
    receiver.reply = () => ({ status: 410, body: 'gone for good' });

    const since = new Date();
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: office,
      payload: {
        partnerId: partner.id,
        partnerReference: 'SB-410',
        jobTypeId: (await createJobType(app)).id,
        customer: {
          firstName: 'Morwenna',
          lastName: 'Hicks',
          email: 'morwenna@example.com',
          address: { line1: '2 Lemon Street', town: 'Truro', postcode: 'TR1 2LS' },
        },
      },
    });
    expect(order.statusCode, order.body).toBe(201);

    const [request] = await receiver.waitFor(1);
    expect(verifyWebhook(secret, request!)).toBe(true);
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'order.created',
      data: { partnerReference: 'SB-410' },
    });

    const mail = await smtp.waitForMessage('hooks@sbpm.example', { since, timeoutMs: 20_000 });
    expect(mail.subject).toContain('webhooks');
    expect(mail.text).toContain(receiver.url);
    expect(mail.text).toContain('410 Gone');
    const shown = await waitFor(async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/webhook-endpoints/${endpoint.id}`,
        headers: office,
      });
      return res.json().enabled === false ? (res.json() as WebhookEndpoint) : null;
    });
    expect(shown.disabledReason).toBe('gone');
    expect(receiver.received).toHaveLength(1);
  }, 40_000);
});
