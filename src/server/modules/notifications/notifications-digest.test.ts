import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractor, buildOrder } from '../../../../tests/factories/orders';
import {
  closeTestApp,
  signInAs,
  type AuthHeaders,
  type TestUser,
} from '../../../../tests/support/auth';
import { startSmtpCapture, type SmtpCapture } from '../../../../tests/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { digestSubject, sendDigests } from './notifications.service';
import { notifications } from './notifications.schema';

// Issue 25: the email digest goes through the messages outbox and its send job to a real
// (local) SMTP server, to those who turned it on, once per notification.

describe('notification email digest', () => {
  let smtp: SmtpCapture;
  let app: TestApp;
  let keen: { user: TestUser; headers: AuthHeaders };
  let quiet: { user: TestUser; headers: AuthHeaders };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await createTestApp({ workers: true, config: { SMTP_URL: smtp.url } });
    const contractorId = (await createContractor(app)).id;
    keen = await signInAs(app, 'contractor', { contractorId, firstName: 'Keen' });
    quiet = await signInAs(app, 'contractor', { contractorId, firstName: 'Quiet' });
    const order = await buildOrder(app, { status: 'validated' });
    const rows = [keen, quiet].flatMap(({ user }) => [
      {
        userId: user.id,
        key: `test:1:${user.id}`,
        kind: 'offer_new' as const,
        title: `New offer: ${order.orderNumber}`,
        body: 'Accept or decline it on the order.',
        link: `/contractor/orders/${order.id}`,
        orderId: order.id,
      },
      {
        userId: user.id,
        key: `test:2:${user.id}`,
        kind: 'order_cancelled' as const,
        title: 'Order cancelled: UPL-TEST',
        body: '',
        link: `/contractor/orders/${order.id}`,
        orderId: order.id,
      },
    ]);
    await app.deps.database.db.insert(notifications).values(rows);
  });

  afterAll(async () => {
    await closeTestApp(app);
    await smtp.close();
  });

  it('emails the unread notifications to whoever turned the digest on, once', async () => {
    const on = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: keen.headers,
      payload: { emailDigest: 'hourly' },
    });
    expect(on.statusCode, on.body).toBe(200);
    // The quiet one chose daily, then off again: off wins.
    for (const emailDigest of ['daily', 'off']) {
      await app.inject({
        method: 'PUT',
        url: '/api/notifications/settings',
        headers: quiet.headers,
        payload: { emailDigest },
      });
    }

    expect(await sendDigests(app.deps, 'hourly')).toBe(1);
    expect(await sendDigests(app.deps, 'daily')).toBe(0);
    const mail = await smtp.waitForMessage(keen.user.email, { timeoutMs: 20_000 });
    expect(mail.subject).toBe(digestSubject(2));
    expect(mail.text).toContain('Hello Keen,');
    expect(mail.text).toContain('New offer: ');
    expect(mail.text).toContain(`${app.deps.config.PUBLIC_URL}/contractor/orders/`);
    expect(mail.text).toContain(`${app.deps.config.PUBLIC_URL}/notifications`);

    // Each notification is in one digest only.
    expect(await sendDigests(app.deps, 'hourly')).toBe(0);
    expect(smtp.messages.filter((m) => m.to.includes(quiet.user.email))).toEqual([]);
    expect(smtp.messages.filter((m) => m.to.includes(keen.user.email))).toHaveLength(1);
  });
});
