import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 20: back office moves several lines at once (and is told when a place lacks stock),
// counts a location and applies the adjustments in one step, and downloads each list as CSV;
// the demo contractor moves stock between its depot and a van and never sees a cost.

const office = 'office@example.com';
const contractor = 'contractor@example.com';
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

type Location = { id: string; kind: string; label: string; contractorId: string | null };
type Product = { id: string; sku: string };

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function catalogue(baseURL: string, email: string) {
  const api = await apiAs(baseURL, email);
  const locations = (
    (await (await api.get('/api/stock/locations')).json()) as { items: Location[] }
  ).items;
  const products = ((await (await api.get('/api/stock/products')).json()) as { items: Product[] })
    .items;
  await api.dispose();
  const sku = (code: string) => products.find((p) => p.sku === code)!.id;
  return { locations, sku };
}

async function download(page: Page, name: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).click(),
  ]);
  return readFile((await file.path())!, 'utf8');
}

for (const viewport of viewports) {
  test(`back office transfers, takes stock and exports at ${viewport.width}`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const { locations, sku } = await catalogue(baseURL, office);
    const warehouse = locations.find((l) => l.label === 'Warehouse: Exeter')!;
    const depot = locations.find((l) => l.kind === 'depot' && l.contractorId)!;

    await signIn(page, office);
    await page.goto('/admin/stock-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Stock management' })).toBeVisible();
    await expect(
      page.getByText('Wall mount bracket').locator('visible=true').first(),
    ).toBeVisible();
    await page.getByLabel('Location', { exact: true }).selectOption(warehouse.id);
    await expect(
      page
        .getByText(/^Warehouse: Exeter$/)
        .locator('visible=true')
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoOverflow(page);
    const levels = await download(page, 'Download levels CSV');
    expect(levels.split('\r\n')[0]).toBe(
      'SKU,Name,Category,Location,Quantity,Low-stock level,Low,Unit cost (GBP),Value (GBP)',
    );
    expect(levels).toMatch(
      /\nMNT-WALL,Wall mount bracket,mount,Warehouse: Exeter,\d+,10,(Yes|No),18\.00,\d+\.00\r/,
    );

    // A transfer of two lines.
    await page.getByRole('tab', { name: 'Transfer' }).click();
    const form = page.getByRole('form', { name: 'Transfer stock' });
    await form.getByLabel('From', { exact: true }).selectOption(warehouse.id);
    await form.getByLabel('To', { exact: true }).selectOption(depot.id);
    await page.getByLabel('Product, line 1').selectOption(sku('MNT-WALL'));
    await page.getByLabel('Quantity, line 1').fill('2');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByLabel('Product, line 2').selectOption(sku('CAB-CAT6-30'));
    await page.getByLabel('Quantity, line 2').fill('3');
    await expectNoAxeViolations(page);
    await expectNoOverflow(page);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Moved 5 items on 2 lines from Warehouse: Exeter to ${depot.label}.`,
    );
    // More than the warehouse holds: the server's words, naming the product and the place.
    await page.getByLabel('Product, line 1').selectOption(sku('MNT-WALL'));
    await page.getByLabel('Quantity, line 1').fill('90000');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^Only \d+ of SKU MNT-WALL at Warehouse: Exeter$/,
    );

    // A stock take: one fewer cable clips box than expected.
    await page.getByRole('tab', { name: 'Stock take' }).click();
    await page.getByLabel('Location to count').selectOption(warehouse.id);
    const row = page.getByRole('row').filter({ hasText: 'CLIP-100' });
    const expected = Number(await row.getByRole('cell').nth(2).textContent());
    await page.getByLabel('Counted, CLIP-100').fill(String(expected - 1));
    await expect(page.getByText('1 difference: CLIP-100 -1.')).toBeVisible();
    await page.getByLabel('Reason', { exact: true }).fill(`E2E count ${viewport.width}`);
    await expectNoAxeViolations(page);
    await expectNoOverflow(page);
    await page.getByRole('button', { name: 'Apply adjustments' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Applied 1 adjustment.');
    await expect(row.getByRole('cell').nth(2)).toHaveText(String(expected - 1));

    // The movements of today, their CSV, and the stock value with its CSV.
    await page.getByRole('tab', { name: 'Movements' }).click();
    await page.getByLabel('Movement', { exact: true }).selectOption('adjustment');
    await expect(
      page.getByText(`E2E count ${viewport.width}`).locator('visible=true').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoOverflow(page);
    const movements = await download(page, 'Download movements CSV');
    expect(movements.split('\r\n')[0]).toBe(
      'Date,Movement,SKU,Serial,Quantity,From,To,Order,Reason,Supplier,Delivery note,By',
    );
    expect(movements).toContain(
      `Stock-take adjustment,CLIP-100,,1,Warehouse: Exeter,,,E2E count ${viewport.width}`,
    );

    await page.getByRole('tab', { name: 'Stock value' }).click();
    await expect(page.getByRole('table', { name: 'Stock value by location' })).toContainText(
      'All locations',
    );
    await expectNoAxeViolations(page);
    await expectNoOverflow(page);
    const value = await download(page, 'Download stock value CSV');
    expect(value.split('\r\n')[0]).toBe('Location,Kind,Units,Value (GBP)');
    expect(value).toMatch(/\r\nAll locations,,\d+,\d+\.\d{2}\r\n$/);
  });

  test(`the contractor moves stock between its depot and a van at ${viewport.width}`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const { locations, sku } = await catalogue(baseURL, contractor);
    expect(locations.every((l) => l.kind !== 'warehouse')).toBe(true);
    const depot = locations.find((l) => l.kind === 'depot')!;
    const van = locations.find((l) => l.kind === 'van')!;

    await signIn(page, contractor);
    await page.goto('/contractor');
    await page
      .getByRole('navigation', { name: 'Contractor portal' })
      .getByRole('link', { name: 'Stock' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
    await expect(page.getByText(depot.label).locator('visible=true').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoOverflow(page);

    const form = page.getByRole('form', { name: 'Transfer stock' });
    await form.getByLabel('From', { exact: true }).selectOption(depot.id);
    await form.getByLabel('To', { exact: true }).selectOption(van.id);
    await page.getByLabel('Product, line 1').selectOption(sku('MNT-WALL'));
    await page.getByLabel('Quantity, line 1').fill('1');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByLabel('Product, line 2').selectOption(sku('CLIP-100'));
    await page.getByLabel('Quantity, line 2').fill('1');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `Moved 2 items on 2 lines from ${depot.label} to ${van.label}.`,
    );
    await expect(page.getByText(`${van.label}`).locator('visible=true').first()).toBeVisible();
    await expectNoAxeViolations(page);
    // Never a cost: no pounds anywhere on the screen, and the CSV has no cost columns.
    await expect(page.locator('body')).not.toContainText('£');
    await expect(page.locator('body')).not.toContainText('Unit cost');
    const levels = await download(page, 'Download levels CSV');
    expect(levels.split('\r\n')[0]).toBe('SKU,Name,Category,Location,Quantity,Low-stock level,Low');
    expect(levels).not.toContain('Warehouse');
  });
}
