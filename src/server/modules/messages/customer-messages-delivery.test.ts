import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobType, createPartner } from '../../../../tests/factories/orders';
import { closeTestApp, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

describe('customer messages through the running queue', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let office: AuthHeaders;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await createTestApp({
      workers: true,
      config: { SMTP_URL: smtp.url, MESSAGE_RETRY_DELAY_SECONDS: '1' },
    });
    office = (await signInAs(app, 'back_office')).headers;
  });
  afterAll(async () => {
    await closeTestApp(app);
    await smtp.close();
  });

  it('emails the customer-form link after the order is created', async () => {
    const since = new Date();
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: office,
      payload: {
        partnerId: (await createPartner(app)).id,
        jobTypeId: (await createJobType(app)).id,
        customer: {
          firstName: 'Kerra',
          lastName: 'Nance',
          email: 'kerra@example.com',
          address: { line1: '1 Quay', town: 'Truro', postcode: 'TR1 1AA' },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await smtp.waitForMessage('kerra@example.com', { since, timeoutMs: 20_000 });
    expect(mail.text).toMatch(/\/customer-form\/[A-Za-z0-9_-]{43}/);
  }, 30_000);
});
