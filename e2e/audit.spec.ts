import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 21: back office opens /audit at 1280x800, filters to one customer, pages the log by its
// cursor, reads a change in words (a customer's values never), and downloads the filtered range as CSV.
// axe finds nothing.

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the security audit filters, pages, shows changes without personal data, and exports CSV', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const office = await apiAs(baseURL, 'office@example.com');
  const customers = (await (await office.get('/api/customers')).json()) as {
    items: { id: string }[];
  };
  const customerId = customers.items[0]!.id;
  // 55 edits of one customer's notes: more than one page (50) of entries for that customer.
  const tag = Date.now().toString(36);
  for (let n = 1; n <= 55; n += 1) {
    const res = await office.patch(`/api/customers/${customerId}`, {
      data: { notes: `Audit ${tag} note ${n}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await office.dispose();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'office@example.com');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Security Audit' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Sign-ins: / })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Target type').fill('customer');
  await page.getByLabel('Target ID').fill(customerId);
  await page.getByLabel('Action').selectOption('customer.updated');
  // The filters apply after a pause in typing; the CSV link carries them once they have, and until
  // then the rows are the whole log's (its newest are these same edits, so they look alike).
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/audit/export.csv?action=customer.updated&targetType=customer&targetId=${customerId}`,
  );
  const table = page.getByRole('table', { name: 'Audit log' });
  // The newest edit first, in words.
  // A customer's notes are personal data: the log says they changed, never what they said.
  await expect(table.getByRole('row').nth(1)).toContainText(
    'Notes: changed (personal data, not kept in the log)',
  );
  await expect(table).not.toContainText(`Audit ${tag} note`);
  await expect(table.getByRole('row')).toHaveCount(51);
  await expect(page.getByText('Showing 50 entries, newest first.')).toBeVisible();

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(
    page.getByText(/^Showing \d+ entries, newest first \(all of them\)\.$/),
  ).toBeVisible();
  const rows = await table.getByRole('row').count();
  expect(rows - 1).toBeGreaterThanOrEqual(55);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe(
    'Time (UTC),Actor,Action,Target,Target ID,IP address,Changes,Details,User agent',
  );
  expect(csv).toHaveLength(rows);
  expect(csv[1]).toContain(`Customer updated,Customer: ${customerId},${customerId},`);
  expect(csv[1]).toContain('Notes: changed (personal data, not kept in the log)');
});

test('the security charts are Recharts images that fit a 390px phone, with their figures beneath', async ({
  page,
}) => {
  // A failed sign-in, so that one chart has a bar for today.
  await page.setViewportSize({ width: 390, height: 844 });
  const origin = new URL((await page.request.get('/healthz')).url()).origin;
  const failed = await page.request.post('/api/auth/login', {
    data: { email: 'office@example.com', password: 'not the password' },
    headers: { Origin: origin },
  });
  expect(failed.status()).toBe(401);

  await signIn(page, 'office@example.com');
  await page.goto('/audit');
  const chart = page.getByRole('img', { name: /^Sign-in failures: [1-9]\d* in this period/ });
  await expect(chart).toBeVisible();
  // Recharts measured the column: the SVG is as wide as its card, not its fallback size.
  const box = (await chart.boundingBox())!;
  expect(box.width).toBeGreaterThan(200);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(chart.locator('.recharts-xAxis-tick-labels text').first()).toHaveText(/^\d+ \w{3}$/);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);

  const summary = page.getByText('Figures for sign-in failures');
  expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  await summary.click();
  const figures = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Sign-in failures' }) });
  await expect(figures.getByRole('row').last()).toContainText(/[1-9]/);

  // Pointing at a bar shows its day and count.
  await chart.locator('.recharts-bar-rectangle').last().hover();
  await expect(
    page
      .locator('.recharts-tooltip-wrapper')
      .filter({ hasText: /^\d+ \w{3}Sign-in failures: [1-9]/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The failure's card says which email was tried and why it failed.
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Sign-in failed' });
  const card = page
    .getByRole('listitem')
    .filter({ hasText: 'Email: office@example.com' })
    .filter({ hasText: 'Reason: Wrong password' })
    .first();
  await expect(card).toContainText(/Failures in a row: [1-9]/);
  await expect(card).toContainText('Not signed in');
  await expectNoAxeViolations(page);
});
