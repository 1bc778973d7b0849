import { expectNoAxeViolations } from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 21: back office changes the company's name and the SLA target on /settings at
// 1280x800, is refused a bad value on its field, and the customer sees the new name on their
// order's page at once (no restart). The settings are put back afterwards: the other specs on
// this worker's server expect the demo's.

test.use({ viewport: { width: 1280, height: 800 } });

test('general settings: company name and SLA saved, a bad value refused, seen by the customer', async ({
  page,
  browser,
  baseURL,
}) => {
  const office = await apiAs(baseURL, 'office@example.com');
  const before = (await (await office.get('/api/settings/general')).json()) as {
    company: Record<string, unknown>;
    sla: { slaTargetDays: number };
  };
  const newName = `Uplink Settings ${Date.now().toString(36)}`;
  try {
    await signIn(page, 'office@example.com');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
    await expectNoAxeViolations(page, '/settings');

    // A bad SLA is refused on its field, and nothing is saved.
    const sla = page.getByRole('form', { name: 'SLA target' });
    await sla.getByLabel('SLA target (days)').fill('0');
    await sla.getByRole('button', { name: 'Save SLA target' }).click();
    await expect(sla.getByText('Enter a whole number of days from 1 to 365')).toBeVisible();
    await expectNoAxeViolations(page, '/settings with a field error');
    await sla.getByLabel('SLA target (days)').fill('12');
    await sla.getByRole('button', { name: 'Save SLA target' }).click();
    await expect
      .poll(async () => (await (await office.get('/api/settings/general')).json()).sla)
      .toEqual({ slaTargetDays: 12 });

    const company = page.getByRole('form', { name: 'Company details' });
    await company.getByLabel('Company name').fill(newName);
    await company.getByRole('button', { name: 'Save company details' }).click();
    await expect
      .poll(async () => (await (await office.get('/api/settings/general')).json()).company.name)
      .toBe(newName);

    // The customer's order page names the company as it is now.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const customerPage = await context.newPage();
    await signIn(customerPage, 'customer@example.com');
    const orders = (await (await customerPage.request.get('/api/customer/orders')).json()) as {
      items: { orderNumber: string }[];
    };
    await customerPage.goto(`/customer/${orders.items[0]!.orderNumber}`);
    await expect(customerPage.getByText(newName, { exact: true })).toBeVisible();
    await context.close();
  } finally {
    await office.put('/api/settings/company', { data: before.company });
    await office.put('/api/settings/sla', { data: before.sla });
    await office.dispose();
  }
});
