import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 20, /admin/inventory: back office adds a product and a warehouse, receives serials (a
// repeated and an already-known serial refused by name), receives a counted quantity, and opens
// a serial's history; at phone and desktop sizes, with axe finding nothing.

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`inventory at ${viewport.width}x${viewport.height}: add a product, receive serials and a quantity, open a serial's history`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const tag = `${viewport.width}${Date.now().toString(36).toUpperCase()}`;
    const dishSku = `DISH-${tag}`;
    const cableSku = `CAB-${tag}`;
    const warehouse = `Plymouth ${tag}`;
    // The counted product comes from the API: the form is exercised with the serialised one.
    const office = await apiAs(baseURL, 'office@example.com');
    const made = await office.post('/api/stock/products', {
      data: {
        sku: cableSku,
        name: 'Coax cable 10m',
        category: 'cable',
        trackedBySerial: false,
        unitCostPence: 450,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    await office.dispose();

    await signIn(page, 'office@example.com');
    await page.goto('/admin/inventory');
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    const catalogue = page.getByRole(viewport.width < 768 ? 'list' : 'table', {
      name: 'Catalogue',
    });
    await expect(catalogue.getByText(cableSku)).toBeVisible();
    await expectNoAxeViolations(page);
    if (viewport.width < 768) await expectNoHorizontalOverflow(page);

    // Add a product.
    await page.getByRole('button', { name: 'Add product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a product' });
    await dialog.getByLabel('SKU', { exact: true }).fill(dishSku.toLowerCase());
    await dialog.getByLabel('Name', { exact: true }).fill('Flat panel dish 60cm');
    await dialog.getByLabel('Category', { exact: true }).selectOption('dish');
    await dialog.getByLabel('Unit cost', { exact: true }).fill('123.45');
    await dialog.getByLabel('Tracked by serial').check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(dialog).toBeHidden();
    const dishEntry = catalogue
      .getByRole(viewport.width < 768 ? 'listitem' : 'row')
      .filter({ hasText: dishSku });
    await expect(dishEntry).toContainText('£123.45');
    await expect(dishEntry).toContainText('Flat panel dish 60cm');

    // The same SKU again is refused on its field.
    await page.getByRole('button', { name: 'Add product' }).click();
    await dialog.getByLabel('SKU', { exact: true }).fill(dishSku);
    await dialog.getByLabel('Name', { exact: true }).fill('Another dish');
    await dialog.getByLabel('Unit cost', { exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(dialog.getByText('Another product already uses that SKU')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A warehouse to receive into.
    await page.getByLabel('Warehouse name').fill(warehouse);
    await page.getByRole('button', { name: 'Add warehouse' }).click();
    await expect(page.getByText(`Warehouse: ${warehouse} added.`)).toBeVisible();

    // Receive serials: a repeat is refused by name, nothing saved; then the list goes in.
    const receive = page.getByRole('form', { name: 'Receive stock' });
    await receive
      .getByLabel('Product', { exact: true })
      .selectOption({ label: `${dishSku} · Flat panel dish 60cm` });
    await receive
      .getByLabel('Location', { exact: true })
      .selectOption({ label: `Warehouse: ${warehouse}` });
    await receive.getByLabel('Supplier', { exact: true }).fill('Satcom Supplies Ltd');
    await receive.getByLabel('Delivery note', { exact: true }).fill(`DN-${tag}`);
    const [first, second, third] = [`SN-${tag}-A`, `SN-${tag}-B`, `SN-${tag}-C`];
    await receive.getByLabel('Serials', { exact: true }).fill(`${first}\n${second}\n${first}`);
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(
      receive.getByText(`Listed more than once: ${first}. Each serial once, please`),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await receive.getByLabel('Serials', { exact: true }).fill(`${first}\n${second}`);
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(
      receive.getByText(`Received 2 serials of SKU ${dishSku} at Warehouse: ${warehouse}.`),
    ).toBeVisible();

    // An uploaded CSV naming a serial already known is refused by name.
    await receive.getByLabel('Supplier', { exact: true }).fill('Satcom Supplies Ltd');
    await receive.getByLabel('Delivery note', { exact: true }).fill(`DN-${tag}-2`);
    await receive.getByLabel('Or upload a CSV file').setInputFiles({
      name: 'serials.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${third},${second}\n`),
    });
    await expect(receive.getByLabel('Serials', { exact: true })).toHaveValue(
      `${third},${second}\n`,
    );
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(receive.getByText(`Already known: ${second}`)).toBeVisible();

    // Receive a counted quantity.
    await receive
      .getByLabel('Product', { exact: true })
      .selectOption({ label: `${cableSku} · Coax cable 10m` });
    await receive.getByLabel('Quantity', { exact: true }).fill('12');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect(
      receive.getByText(`Received 12 of SKU ${cableSku} at Warehouse: ${warehouse}.`),
    ).toBeVisible();

    // A serial's history.
    await page.getByLabel('Serial', { exact: true }).fill(first);
    await page.getByRole('button', { name: 'Show history' }).click();
    const history = page.getByRole('region', { name: `History of serial ${first}` });
    await expect(history).toContainText('In stock');
    await expect(history).toContainText(`Warehouse: ${warehouse}`);
    const steps = history.getByRole('listitem');
    await expect(steps).toHaveCount(1);
    await expect(steps.first()).toContainText(`Received at Warehouse: ${warehouse}`);
    await expect(steps.first()).toContainText(
      `Supplier Satcom Supplies Ltd, delivery note DN-${tag}`,
    );
    await expect(steps.first()).toContainText(/by \S+/);
    await expectNoAxeViolations(page);
    if (viewport.width < 768) await expectNoHorizontalOverflow(page);
    await page.screenshot({
      path: `test-results/stock-inventory-${viewport.width}.png`,
      fullPage: true,
    });

    await page.getByLabel('Serial', { exact: true }).fill(third);
    await page.getByRole('button', { name: 'Show history' }).click();
    await expect(page.getByText(`Unknown serial: ${third}`)).toBeVisible();
  });
}
