import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 21, data protection: on a customer made for this test (never a demo customer other
// specs use), back office downloads their data as a zip, then anonymises them after a
// confirmation. At 1280 x 800, axe finds nothing on the page and in the dialog.

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A customer of their own with one cancelled order (finished, so they may be anonymised). */
async function customerForTheTest(baseURL: string) {
  const office = await apiAs(baseURL, 'office@example.com');
  const partners = (await (await office.get('/api/partners')).json()) as {
    items: { id: string; active: boolean }[];
  };
  const jobTypes = (await (await office.get('/api/job-types')).json()) as {
    items: { id: string; active: boolean }[];
  };
  const lastName = `Penhallow${Date.now()}`;
  const created = await office.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      partnerId: partners.items.find((p) => p.active)!.id,
      jobTypeId: jobTypes.items.find((j) => j.active)!.id,
      customer: {
        firstName: 'Demelza',
        lastName,
        email: `e2e-data-protection-${Date.now()}@example.com`,
        address: { line1: '3 Chapel Street', town: 'Penzance', postcode: 'TR18 4AJ' },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; customer: { id: string } };
  const cancelled = await office.post(`/api/orders/${order.id}/cancel`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: { reason: 'Customer withdrew the order' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await office.dispose();
  return { id: order.customer.id, name: `Demelza ${lastName}` };
}

test('back office exports a customer’s data and anonymises them', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const customer = await customerForTheTest(baseURL);
  await signIn(page, 'office@example.com');
  await page.goto(`/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^CUS-\d{6}-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(['customer.json', 'orders.json', 'events.json', 'messages.json']),
  );
  const record = JSON.parse(new TextDecoder().decode(zip['customer.json'])) as {
    id: string;
    firstName: string;
  };
  expect(record).toMatchObject({ id: customer.id, firstName: 'Demelza' });

  await page.getByRole('button', { name: 'Anonymise' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: `Anonymise ${customer.name}?` })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Anonymise customer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Customer anonymised', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Anonymised Customer' })).toBeVisible();
  await expect(page.getByText(/^Anonymised on \d{1,2} \w{3} \d{4}/)).toBeVisible();
  const address = page.locator('address');
  await expect(address).toContainText('TR18');
  await expect(address).not.toContainText('TR18 4AJ');
  await expect(address).not.toContainText('Chapel Street');
  await expect(page.getByRole('button', { name: 'Anonymise' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
