import AxeBuilder from '@axe-core/playwright';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import {
  startWebhookReceiver,
  verifyWebhook,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../tests/support/webhook-receiver';
import { apiAs, expect, signIn, test } from './fixtures';
import { completeThroughApi, ok } from './visit-record';

// Issue 14: a local HTTP server plays the partner. Its order is moved to completed through the
// app and the partner receives every event once, each signature checked by the test's own
// verifier (Standard Webhooks); then /api/outbound shows the deliveries, with axe checks.

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('partner webhooks', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);

  let receiver: WebhookReceiver;
  let office: APIRequestContext;
  let partner: { id: string; name: string };
  let secret: string;
  let orderNumber: string;

  test.beforeAll(async ({ baseURL }) => {
    receiver = await startWebhookReceiver();
    office = await apiAs(baseURL, 'office@example.com');
    const tag = Date.now().toString(36).toUpperCase();
    partner = await ok<{ id: string; name: string }>(
      await office.post('/api/partners', {
        data: {
          name: `Webhook Partner ${tag}`,
          code: `WH${tag}`.slice(0, 20),
          contactEmail: 'hooks@partner.example',
        },
      }),
    );
    const created = await ok<{ secret: string }>(
      await office.post('/api/webhook-endpoints', {
        data: {
          partnerId: partner.id,
          url: receiver.url,
          events: ['order.*'],
          description: 'Order feed',
        },
      }),
    );
    secret = created.secret;
  });
  test.afterAll(async () => {
    await office?.dispose();
    await receiver?.close();
  });

  test('the partner receives every event of its order once, signed', async ({ baseURL }) => {
    // The partner's key, made through the back-office API, creates the order through /api/v1.
    const { key } = await ok<{ key: string }>(
      await office.post('/api/partner-api/keys', {
        data: { partnerId: partner.id, name: 'Webhook e2e', scopes: ['read', 'write'] },
      }),
    );
    const jobTypes = await (await office.get('/api/job-types')).json();
    const stamp = Date.now();
    // The partner: no session, no cookies, only its key.
    const partnerApi = await request.newContext({ baseURL });
    const partnerOrder = await ok<{ orderNumber: string }>(
      await partnerApi.post('/api/v1/orders', {
        headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `wh-${stamp}` },
        data: {
          partnerReference: `WH-${stamp}`,
          jobType: jobTypes.items[0].code,
          kitSupplied: true,
          customer: {
            firstName: 'Petroc',
            lastName: `Trelawny ${stamp}`,
            email: `petroc.${stamp}@example.com`,
            address: { line1: '9 Fore Street', town: 'Exeter', postcode: 'EX4 3PU' },
          },
        },
      }),
    );
    await partnerApi.dispose();
    const found = await (
      await office.get(`/api/orders?q=${encodeURIComponent(partnerOrder.orderNumber)}`)
    ).json();
    const order = found.items[0] as { id: string; orderNumber: string };
    expect(order.orderNumber).toBe(partnerOrder.orderNumber);
    orderNumber = order.orderNumber;

    await completeThroughApi(baseURL, office, order.id);
    const detail = await (await office.get(`/api/orders/${order.id}`)).json();
    expect(detail.status).toBe('completed');

    const expected = [
      'order.created',
      'order.validate',
      'order.assign',
      'order.accept',
      'order.schedule',
      'order.check_in',
      'order.complete',
    ];
    await receiver.waitFor(expected.length, 60_000);
    // Every delivery has finished: nothing more is on its way.
    await expect
      .poll(async () => {
        const list = await (
          await office.get(`/api/webhook-deliveries?partnerId=${partner.id}`)
        ).json();
        return list.items.map((d: { status: string }) => d.status).sort();
      })
      .toEqual(expected.map(() => 'succeeded'));

    const received = receiver.received;
    for (const request of received) expect(verifyWebhook(secret, request)).toBe(true);
    const bodies = received.map((r: ReceivedWebhook) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type).sort()).toEqual([...expected].sort());
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(expected.length);
    expect(new Set(bodies.map((b) => b.data.eventId)).size).toBe(expected.length);
    for (const body of bodies) expect(body.data.orderNumber).toBe(orderNumber);
    expect(bodies.find((b) => b.type === 'order.complete').data.toStatus).toBe('completed');
    for (const request of received) expect(request.body).not.toMatch(/payout/i);
  });

  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`/api/outbound shows the deliveries and redelivers (${viewport.name}, axe)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page, 'office@example.com');
      await page.goto('/api/outbound');
      await expect(page.getByRole('heading', { level: 1, name: 'Outbound API' })).toBeVisible({
        timeout: 30_000,
      });
      const endpoints = page.getByRole(viewport.width < 768 ? 'list' : 'table', {
        name: 'Webhook endpoints',
      });
      await expect(endpoints.getByText(receiver.url)).toBeVisible();
      await expect(endpoints.getByText(partner.name)).toBeVisible();

      await page
        .getByLabel('Endpoint', { exact: true })
        .selectOption({ label: `${partner.name}: ${receiver.url}` });
      const deliveries = page.getByRole(viewport.width < 768 ? 'list' : 'table', {
        name: 'Webhook deliveries',
      });
      await expect(deliveries.getByText('order.complete')).toBeVisible();
      await expect(deliveries.getByText('Delivered')).toHaveCount(7);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoAxeViolations(page);

      const before = receiver.received.length;
      await page
        .getByRole('button', { name: `Details of order.complete for ${orderNumber}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Webhook delivery' });
      await expect(dialog.getByText('Attempt 1', { exact: true })).toBeVisible();
      await expect(dialog.getByText('HTTP 204').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Redeliver' }).click();
      // The phone run redelivered it already: count the partner's requests, not the label.
      await expect.poll(() => receiver.received.length).toBe(before + 1);
      await expect(dialog.getByText(/^Attempt \d+ \(manual\)$/).last()).toBeVisible();
      const again = receiver.received.at(-1)!;
      const first = receiver.received.find((r) => JSON.parse(r.body).type === 'order.complete')!;
      expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(verifyWebhook(secret, again)).toBe(true);
    });
  }

  test('adding an endpoint: a private address refused, then the secret shown once', async ({
    page,
  }) => {
    await signIn(page, 'office@example.com');
    await page.goto('/api/outbound');
    await page.getByRole('button', { name: 'Add endpoint' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('Partner').selectOption({ label: partner.name });
    await dialog.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data/');
    await dialog.getByRole('checkbox', { name: /All order events/ }).click();
    await dialog.getByRole('checkbox', { name: /order\.complete/ }).click();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText(/cloud metadata address/)).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByLabel('URL').fill(`${receiver.url}/second`);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog.getByTestId('webhook-secret')).toHaveValue(
      /^whsec_[A-Za-z0-9+/=]{44}$/,
    );
    await expectNoAxeViolations(page);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    const endpoints = page.getByRole('table', { name: 'Webhook endpoints' });
    await expect(endpoints.getByText(`${receiver.url}/second`)).toBeVisible();
    await expect(page.getByText('whsec_', { exact: false }).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/whsec_[A-Za-z0-9+/]{20}/);
  });
});
