import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Issue 12: the demo contractor's portal — offers accepted and declined from the dashboard,
// its own orders without the partner price, reports; every page passes axe.

const contractor = 'contractor@example.com';
// Several pages with axe each on a shared two-core machine.
test.setTimeout(120_000);

async function openDashboard(page: Page) {
  await page.goto('/contractor');
  await expect(page.getByRole('heading', { level: 1, name: 'Contractor dashboard' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('status', { name: 'Loading dashboard' })).toHaveCount(0);
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const offers = (page: Page) => page.getByRole('list', { name: 'Offers' }).getByRole('listitem');

async function offerNumber(page: Page, index: number) {
  return (await offers(page).nth(index).getByRole('link').first().innerText()).trim();
}

test('the contractor accepts one offer and declines another with a reason, from the dashboard', async ({
  page,
}) => {
  await signIn(page, contractor);
  await openDashboard(page);
  await expect(offers(page).first()).toBeVisible();
  const waiting = Number(await page.getByTestId('figure-Offers waiting').innerText());
  expect(waiting).toBeGreaterThanOrEqual(2);

  // The offer says what the job is and what the customer told us, with the payout.
  const first = offers(page).first();
  await expect(first.getByText('payout')).toBeVisible();
  await expect(first.getByText('Requested date')).toBeVisible();

  // Accept.
  const accepted = await offerNumber(page, 0);
  await page.getByRole('button', { name: `Accept ${accepted}` }).click();
  await expect(page.getByText(`${accepted} is yours to schedule.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Accept ${accepted}` })).toHaveCount(0);
  await expect(page.getByTestId('figure-Offers waiting')).toHaveText(String(waiting - 1));
  const acceptedOrder = await page.request.get(`/api/orders/by-number/${accepted}`);
  expect(((await acceptedOrder.json()) as { status: string }).status).toBe('assigned');

  // Decline: the reason is required.
  const declined = await offerNumber(page, 0);
  await page.getByRole('button', { name: `Decline ${declined}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Decline offer' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('No engineer free in that area this fortnight');
  await dialog.getByRole('button', { name: 'Decline offer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Decline ${declined}` })).toHaveCount(0);
  await expect(page.getByTestId('figure-Offers waiting')).toHaveText(String(waiting - 2));
  // Declined: the order left the company, so it is not found for the contractor any more.
  expect((await page.request.get(`/api/orders/by-number/${declined}`)).status()).toBe(404);
});

test('the contractor’s orders list, detail and CSV show no partner price', async ({ page }) => {
  await signIn(page, contractor);
  await page.goto('/contractor/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({
    timeout: 30_000,
  });
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  // The contractor's list has no partner or contractor filter and no New order.
  await expect(page.getByLabel('Partner', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);
  await expect(page.getByText(/price/i)).toHaveCount(0);

  const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain('Payout (GBP)');
  expect(text.toLowerCase()).not.toContain('price');

  await expectNoAxeViolations(page);

  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/contractor\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^UPL-/ })).toBeVisible();
  await expect(page.getByText('Payout', { exact: true })).toBeVisible();
  await expect(page.getByText(/price/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit order' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Installation details' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the dashboard’s figures open their lists; reports show a chart, a table and a CSV', async ({
  page,
}) => {
  await signIn(page, contractor);
  await openDashboard(page);
  await page
    .getByRole('link', { name: /Ready to schedule/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contractor\/orders\?status=assigned&kitStatus=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  await page.goto('/contractor/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Contractor reports' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('img', { name: /Completed and failed visits by month/ }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('First-time fix rate');

  await page.getByLabel('From month').fill('2024-05');
  await page.getByLabel('To month').fill('2024-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The first month must not be after the last')).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the dashboard fits ${viewport.width}x${viewport.height} and passes axe`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signIn(page, contractor);
    await openDashboard(page);
    await expect(page.getByRole('link', { name: 'Dispatch board' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: testInfo.outputPath(`contractor-dashboard-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoAxeViolations(page);
  });
}

test('the portal’s own navigation reaches every contractor page, marking the one open', async ({
  page,
}) => {
  await signIn(page, contractor);
  await openDashboard(page);
  const nav = page.getByRole('navigation', { name: 'Contractor portal' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Dispatch board',
    'Map',
    'Orders',
    'Reports',
    'Stock',
    'Engineers',
  ]);
  const pages: [string, RegExp, string][] = [
    ['Dispatch board', /^Dispatch board$/, '/contractor/board'],
    ['Map', /^Map of waiting orders$/, '/contractor/map'],
    ['Orders', /^Orders$/, '/contractor/orders'],
    ['Reports', /^Contractor reports$/, '/contractor/reports'],
    ['Stock', /^Stock$/, '/contractor/stock'],
    ['Engineers', /^Engineers$/, '/contractor-management'],
    ['Dashboard', /^Contractor dashboard$/, '/contractor'],
  ];
  for (const [link, heading, path] of pages) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
  }
});
