import { expect, apiAs, signIn, test } from './fixtures';
import { expectNoAxeViolations } from './engineer-visits';

// Issue 24: what the customer sends reaches the people who work the order. The demo data holds
// orders whose customer form is in (the contractor's demo offers): the back-office order shows
// it under "From the customer", in words.

const office = 'office@example.com';

test('the back-office order shows what the customer sent, in words', async ({ page, baseURL }) => {
  const api = await apiAs(baseURL!, office);
  const found = await api.get('/api/orders?q=Pengelly');
  expect(found.status(), await found.text()).toBe(200);
  const { items } = (await found.json()) as { items: { id: string }[] };
  expect(items.length).toBeGreaterThan(0);
  const detail = await api.get(`/api/orders/${items[0]!.id}`);
  const order = (await detail.json()) as { customerAnswers: { availability: unknown[] } | null };
  await api.dispose();
  expect(order.customerAnswers, 'the demo order has the customer form in').not.toBeNull();

  await signIn(page, office);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/orders/${items[0]!.id}`);
    const heading = page.getByRole('heading', { name: 'From the customer' });
    await expect(heading).toBeVisible();
    // The card the heading opens: its nearest ancestor holding the answers.
    const section = heading.locator('xpath=ancestor::*[.//dl][1]');
    await expect(section.getByText('On the south gable of the barn')).toBeVisible();
    await expect(section.getByText('Farm or rural building')).toBeVisible();
    await expect(section.getByText('Owns the property')).toBeVisible();
    // The dates the customer is in, in UK form with the time of day.
    await expect(section.getByText(/^\w{3} \d{2}\/\d{2}\/\d{4}, morning$/).first()).toBeVisible();
    await expect(
      section.getByText('Farm track; dogs are friendly. Ring from the gate.'),
    ).toBeVisible();
  }
  await expectNoAxeViolations(page, 'the back-office order with the customer’s answers');
});
