import { expect, signIn, test } from './fixtures';

// Issue 4: the customer's dashboard, /customer, lists the demo customer's seeded orders.
const customer = 'customer@example.com';

test('the demo customer sees their own orders on /customer and opens one', async ({ page }) => {
  await signIn(page, customer);
  const api = await page.request.get('/api/customer/orders');
  expect(api.status()).toBe(200);
  const { items } = (await api.json()) as { items: { orderNumber: string }[] };
  expect(items.length).toBeGreaterThanOrEqual(2);

  await page.goto('/');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/customer$/);
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your orders' });
  await expect(list.getByRole('listitem')).toHaveCount(items.length);
  // The seeded orders are at different stages, told in plain words.
  await expect(list.getByText('Visit booked', { exact: true })).toBeVisible();
  await expect(list.getByText('Installed', { exact: true })).toBeVisible();
  await expect(list.getByText(/^Visit booked for /)).toBeVisible();
  // Nothing internal or about money.
  await expect(list.getByText(/£|payout|price/i)).toHaveCount(0);

  const first = items[0]!.orderNumber;
  await list.getByRole('link', { name: new RegExp(first) }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${first}$`));
  await expect(page.getByRole('heading', { name: 'My orders' })).toHaveCount(0);
});

test('staff cannot list customer orders', async ({ page }) => {
  await signIn(page, 'office@example.com');
  const api = await page.request.get('/api/customer/orders');
  expect(api.status()).toBe(403);
});
