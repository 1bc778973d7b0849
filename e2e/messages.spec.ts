import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 11, messages: the order-received email carries a working customer-form link, and
// /sms-settings edits a template (refused with the variable named, then saved), previews it,
// and sends a test text that shows in the log and at the SMS stand-in.

test('a new order emails the customer a customer-form link that opens', async ({
  baseURL,
  mailbox,
}) => {
  test.setTimeout(90_000);
  const office = await apiAs(baseURL, 'office@example.com');
  const partners = (await (await office.get('/api/partners')).json()) as {
    items: { id: string; active: boolean }[];
  };
  const jobTypes = (await (await office.get('/api/job-types')).json()) as {
    items: { id: string; active: boolean }[];
  };
  const email = `e2e-messages-${Date.now()}@example.com`;
  const since = new Date();
  const created = await office.post('/api/orders', {
    data: {
      partnerId: partners.items.find((p) => p.active)!.id,
      jobTypeId: jobTypes.items.find((j) => j.active)!.id,
      customer: {
        firstName: 'Morwenna',
        lastName: `Trelawny${Date.now()}`,
        email,
        address: { line1: '5 Quay Hill', town: 'Falmouth', postcode: 'TR11 3AA' },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const mail = await mailbox.waitForMessage(email, { since, timeoutMs: 60_000 });
  expect(mail.subject).toMatch(
    /^Your order UPL-\d{4}-\d{6}-[2-9A-HJKMNP-TV-Z]{4}: tell us about your installation$/,
  );
  const link = /https?:\/\/\S+\/customer-form\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  expect(url.pathname.startsWith('/customer-form/')).toBe(true);
  const page = await office.get(url.pathname);
  expect(page.status()).toBe(200);
  await office.dispose();
});

async function checkPage(page: Page, name: string) {
  await page.screenshot({ path: `test-results/messages/${name}.png`, fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`/sms-settings at ${viewport.width}px: template refused then saved, preview, test text`, async ({
    page,
    smsInbox,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, 'office@example.com');
    await page.goto('/sms-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'SMS system' })).toBeVisible({
      timeout: 30_000,
    });

    const text = page.getByRole('textbox', { name: /^Text/ });
    await expect(text).toHaveValue(/\{\{link\}\}/);
    await text.fill('Hi {{fistName}}, your form: {{link}}');
    await page.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByText('Unknown variable {{fistName}}')).toBeVisible();
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await checkPage(page, `sms-settings-error-${viewport.width}`);

    await text.fill(`Hi {{firstName}} (${viewport.width}), your form: {{link}}`);
    await page.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    const preview = page.getByTestId('template-preview');
    await expect(preview).toContainText(`Hi Alex (${viewport.width}), your form:`);
    await expect(preview).toContainText('1 SMS segment');

    const number = `+4477009009${viewport.width === 390 ? '61' : '62'}`;
    const since = new Date();
    await page.getByRole('textbox', { name: 'Test number' }).fill(number);
    await page.getByRole('button', { name: 'Send test message', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Test message' })).toBeVisible();
    const received = await smsInbox.waitForMessage(number, { since, timeoutMs: 30_000 });
    expect(received.body).toBe('Test message from Uplink Installations.');
    await page.getByRole('textbox', { name: 'Recipient' }).fill(number.slice(1));
    await expect(page.getByText(number).first()).toBeVisible();
    await checkPage(page, `sms-settings-${viewport.width}`);
  });
}
