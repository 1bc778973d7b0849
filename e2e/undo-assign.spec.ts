import { apiAs, expect, signIn, test } from './fixtures';
import { expectNoAxeViolations } from './engineer-visits';

// Issue 25: back office offers an order to the wrong contractor and takes it back from the
// toast's Undo, on a 390x844 phone, with axe.

const OFFICE = 'office@example.com';

type ListedOrder = { id: string; orderNumber: string };

test('an assignment made by mistake is undone from its toast', async ({ page, baseURL }) => {
  const office = await apiAs(baseURL!, OFFICE);
  const res = await office.get('/api/orders?status=validated&contractorId=none&pageSize=5');
  expect(res.status(), await res.text()).toBe(200);
  const list = (await res.json()) as { items: ListedOrder[] };
  const order = list.items[0];
  expect(order, 'a validated order nobody has been offered').toBeDefined();

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, OFFICE);
  await page.goto(`/orders/${order!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: order!.orderNumber })).toBeVisible();
  const steps = page.getByRole('region', { name: 'Next steps' });
  await steps.getByRole('button', { name: 'Assign contractor', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Contractor').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Assign contractor', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Offered, awaiting acceptance')).toBeVisible();

  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await expectNoAxeViolations(page, 'assignment toast with Undo');
  await undo.click();
  await expect(page.getByText('Undone', { exact: true })).toBeVisible();
  await expect(page.getByText('Offered, awaiting acceptance')).toHaveCount(0);
  await expect(steps.getByRole('button', { name: 'Assign contractor', exact: true })).toBeVisible();

  const detail = await (await office.get(`/api/orders/${order!.id}`)).json();
  expect(detail.contractor).toBeNull();
  await office.dispose();
});
