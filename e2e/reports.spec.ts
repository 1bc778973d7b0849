import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Issue 22: the back office's contractor and partner reports at 1280x800: each with its chart
// and table, the period changed (including a custom one and a wrong one), the CSV downloaded.

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const reports = [
  {
    path: '/admin/contractor-reports',
    title: 'Contractor reports',
    chart: /Offered, completed and failed by day/,
    weekly: /Offered, completed and failed by week/,
    owner: 'Contractor',
    header:
      'contractor,period_start,period_end,offered,accepted,declined,completed,failed,first_time_fix_rate,median_days_assigned_to_completed,payouts_gbp',
    file: /^contractor-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  },
  {
    path: '/admin/sbpm-reports',
    title: 'SBPM reports',
    chart: /Orders in, installed and failed by day/,
    weekly: /Orders in, installed and failed by week/,
    owner: 'Partner',
    header:
      'partner,period_start,period_end,orders_in,installed,failed,cancelled,sla_met,sla_missed,sla_compliance,median_days_received_to_installed,serials_installed',
    file: /^partner-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  },
];

test.use({ viewport: { width: 1280, height: 800 } });

for (const report of reports) {
  test(`${report.title}: chart and table, the period changed, the CSV downloaded`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'office@example.com');
    await page.goto(report.path);
    await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
    await expect(page.getByRole('img', { name: report.chart })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page);

    // The quarter is charted by week.
    await page.getByLabel('Period', { exact: true }).selectOption('quarter');
    await expect(page.getByRole('img', { name: report.weekly })).toBeVisible();

    // A custom period the wrong way round is refused with the reason; then a right one.
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2026-02-10');
    await page.getByLabel('To', { exact: true }).fill('2026-02-01');
    await expect(page.getByRole('alert')).toHaveText('The last day must not be before the first');
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await page.getByLabel('From', { exact: true }).fill('2026-02-01');
    await page.getByLabel('To', { exact: true }).fill('2026-02-28');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 2, name: '1 Feb 2026 to 28 Feb 2026' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // One owner only: the table has its row alone.
    const owner = page.getByLabel(report.owner, { exact: true });
    const first = await owner.locator('option').nth(1).textContent();
    await owner.selectOption({ index: 1 });
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('table')).toContainText(first!);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(report.file);
    expect(download.suggestedFilename()).toContain('2026-02-01-to-2026-02-28');
    const text = await (await download.createReadStream()).toArray();
    const lines = Buffer.concat(text).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(report.header);
    expect(lines[1]).toMatch(
      new RegExp(`^"?${first!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?,2026-02-01,2026-02-28,`),
    );
    expect(lines).toHaveLength(3);
  });
}

test('the reports are for the back office only', async ({ page }) => {
  await signIn(page, 'engineer@example.com');
  const res = await page.request.get('/api/reports/contractors');
  expect(res.status()).toBe(403);
});

test('a report chart fits a 390px phone, its figures in a table beneath', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'office@example.com');
  await page.goto('/admin/contractor-reports');
  const chart = page.getByRole('img', { name: /^Offered, completed and failed by day: / });
  await expect(chart).toBeVisible();
  // Recharts measured the page: the SVG is as wide as its card, and nothing scrolls sideways.
  const box = (await chart.boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(chart.locator('.recharts-xAxis-tick-labels text').first()).toHaveText(/^\d+ \w{3}$/);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);

  const summary = page.getByText('Figures for offered, completed and failed by day');
  expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  await summary.click();
  const figures = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Day', exact: true }) });
  await expect(figures.getByRole('columnheader')).toHaveText([
    'Day',
    'Offered',
    'Completed',
    'Failed',
  ]);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
  await expectNoAxeViolations(page);
});
