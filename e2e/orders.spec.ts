import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { act, createOrder, uniquePostcode } from './order-steps';

const office = 'office@example.com';

async function dashboardFigures(page: Page) {
  await page.goto('/back-office');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('status-received')).toBeVisible();
  const read = async (testId: string) => Number(await page.getByTestId(testId).innerText());
  return {
    received: await read('status-received'),
    assigned: await read('status-assigned'),
    onHold: await read('status-on_hold'),
    cancelled: await read('status-cancelled'),
    awaitingDispatch: Number(
      (await page.getByTestId('figure-Kit awaiting dispatch').innerText()).replace(/,/g, ''),
    ),
  };
}

test('back office takes an order from creation to cancellation; the dashboard follows', async ({
  page,
}) => {
  // A dozen steps through the whole lifecycle, each a dialog and a server round trip.
  test.setTimeout(120_000);
  await signIn(page, office);
  const before = await dashboardFigures(page);

  // Create the order.
  const postcode = uniquePostcode();
  const surname = `Tester${Date.now().toString(36)}`;
  const { orderNumber, orderPath: orderUrl } = await createOrder(page, {
    partnerReference: `E2E-${Date.now()}`,
    surname,
    email: `${surname.toLowerCase()}@example.net`,
    phone: '07700 900123',
    addressLine1: '1 Harbour View',
    town: 'Looe',
    postcode: postcode.toLowerCase().replace(' ', ''),
  });
  await expect(page.getByText(postcode)).toBeVisible();
  // A new order waits for the customer: none of the office's buttons is the blue, primary one
  // (issue 24), and the page says whom it waits for.
  const steps = page.getByRole('region', { name: 'Next steps' });
  await expect(steps.getByText('Waiting for the customer to fill in the form.')).toBeVisible();
  await expect(steps.getByRole('button', { name: 'Mark customer form submitted' })).toBeVisible();
  await expect(steps.locator('button.bg-brand-600')).toHaveCount(0);

  const afterCreate = await dashboardFigures(page);
  expect(afterCreate.received).toBe(before.received + 1);
  expect(afterCreate.awaitingDispatch).toBe(before.awaitingDispatch + 1);

  // Find it by postcode; the search stays in the URL.
  await page.goto('/orders');
  await page.getByLabel('Search orders').fill(postcode);
  await expect(page).toHaveURL(/q=PL/);
  await expect(page.getByRole('link', { name: orderNumber }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Search orders')).toHaveValue(postcode);
  await page.getByRole('link', { name: orderNumber }).first().click();
  await expect(page).toHaveURL(new RegExp(`${orderUrl}$`));

  // Validation, kit dispatch and arrival.
  await act(page, 'Validate');
  await expect(page.getByText('Validated', { exact: true }).first()).toBeVisible();
  await act(page, 'Dispatch kit', async (dialog) => {
    await dialog.getByLabel('Courier').fill('DPD');
    await dialog.getByLabel('Tracking number').fill('15501234567890');
  });
  await expect(page.getByText('15501234567890', { exact: true })).toBeVisible();
  await act(page, 'Kit arrived');

  // Assignment, and the acceptance back office records for the contractor.
  await act(page, 'Assign contractor', async (dialog) => {
    await dialog.getByLabel('Contractor').selectOption({ index: 1 });
  });
  await expect(page.getByText('Offered, awaiting acceptance')).toBeVisible();
  await act(page, 'Accept');
  await expect(page.getByRole('heading', { level: 1, name: orderNumber })).toBeVisible();
  await expect(page.getByText('Assigned', { exact: true }).first()).toBeVisible();

  // Hold needs a reason; resume returns to assigned.
  await page
    .getByRole('region', { name: 'Next steps' })
    .getByRole('button', { name: 'Put on hold' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByRole('dialog').getByText('A reason is required')).toBeVisible();
  await page.getByRole('dialog').getByLabel('Reason').fill('Customer away until next week');
  await page.getByRole('dialog').getByRole('button', { name: 'Put on hold' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('On hold', { exact: true }).first()).toBeVisible();
  const onHold = await dashboardFigures(page);
  expect(onHold.onHold).toBe(before.onHold + 1);

  await page.goto(orderUrl);
  await act(page, 'Resume');
  await expect(page.getByText('Assigned', { exact: true }).first()).toBeVisible();

  // Cancel with a reason.
  await act(page, 'Cancel order', async (dialog) => {
    await dialog.getByLabel('Reason').fill('Customer moved house');
  });
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  // The timeline says it in words (issue 10).
  await expect(page.getByText('Order cancelled: Customer moved house.')).toBeVisible();
  await expect(page.getByText('No change can be made to this order now.')).toBeVisible();

  const after = await dashboardFigures(page);
  expect(after.cancelled).toBe(before.cancelled + 1);
  expect(after.received).toBe(before.received);
  expect(after.onHold).toBe(before.onHold);
  expect(after.awaitingDispatch).toBe(before.awaitingDispatch);
  // The recent events name the order.
  await expect(page.getByRole('link', { name: orderNumber }).first()).toBeVisible();
});

test('the list pages by cursor: Next, then Previous, back to the same rows (decision 085)', async ({
  page,
}) => {
  await signIn(page, office);
  await page.goto('/orders?pageSize=10');
  const pages = page.getByRole('navigation', { name: 'Order list pages' });
  await expect(pages.getByText(/^1–10 of (about )?[\d,]+ orders$/)).toBeVisible();
  const firstRows = page.getByRole('table').getByRole('link', { name: /^UPL-/ });
  const firstOrder = await firstRows.first().innerText();
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/cursor=/);
  await expect(pages.getByText(/^11–20 of /)).toBeVisible();
  await expect(firstRows.first()).not.toHaveText(firstOrder);
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(firstRows.first()).toHaveText(firstOrder);
  await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
});

test('the filtered list exports as CSV and stays usable on a 360 px phone', async ({ page }) => {
  await signIn(page, office);
  await page.goto('/orders?status=cancelled');
  await expect(page.getByRole('table')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString('utf8').trim().split('\n');
  expect(lines.length).toBeGreaterThan(1);
  // Only cancelled orders: the filter went with the export.
  expect(lines.slice(1).every((line) => /cancelled/i.test(line))).toBe(true);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/orders?status=validated');
  const cards = page.getByRole('list', { name: 'Orders' });
  await expect(cards).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  // The filters fold away behind one button, which says how many are set.
  await expect(page.getByLabel('Partner')).toBeHidden();
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  await expect(page.getByLabel('Partner')).toBeVisible();
  // Nothing is wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await cards.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^UPL-/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next steps' })).toBeVisible();
});

test('at 1280 px every order is one line, the whole text in the tooltip; a cancelled order has no SLA (issue 24)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, office);
  await page.goto('/orders');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const layout = await table.evaluate((element) => {
    const rows = [...element.querySelectorAll('tbody tr')];
    const oneLine = (row: Element) => row.getBoundingClientRect().height < 50;
    return {
      rows: rows.length,
      taller: rows.filter((row) => !oneLine(row)).map((row) => row.textContent),
      sideways: element.parentElement!.scrollWidth > element.parentElement!.clientWidth,
    };
  });
  expect(layout.rows).toBeGreaterThan(10);
  expect(layout.taller).toEqual([]);
  expect(layout.sideways).toBe(false);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('cell').nth(1).locator('[title]')).toHaveAttribute('title', / · /);

  await page.goto('/orders?status=cancelled');
  const cancelled = table.getByRole('row').nth(1);
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).not.toContainText('On track');
  await expect(cancelled.getByText('SLA: none, the order was cancelled')).toBeAttached();
  const axe = await new AxeBuilder({ page })
    .include('table')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
