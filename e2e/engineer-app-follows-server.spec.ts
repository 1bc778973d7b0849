import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { EngineerVisit } from '../src/shared/visits/visit-record';
import { ENGINEER, checkInNow, expectNoAxeViolations, freshVisits } from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 24 item 1, decision 059: the engineer's phone follows the server. A visit whose order the
// office cancels leaves the list after the next sync with a note of why, and a check-in the
// server refuses is shown as refused, with its reason, and the visit does not move on.
const OFFICE = 'office@example.com';

test.describe.configure({ timeout: 120_000 });

test.use({
  viewport: { width: 390, height: 844 },
  serviceWorkers: 'allow',
  permissions: ['geolocation'],
  geolocation: { latitude: 51.5072, longitude: -0.1276, accuracy: 12 },
});

/** The office cancels the order (back office, through the API). */
async function cancelOrder(baseURL: string, visit: EngineerVisit) {
  const api = await apiAs(baseURL, OFFICE);
  const res = await api.post(`/api/orders/${visit.orderId}/cancel`, {
    data: { reason: 'Customer moved house' },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
}

const visitLink = (page: Page, visit: EngineerVisit) =>
  page.getByRole('link', { name: new RegExp(visit.orderNumber) });

test('a cancelled order leaves the phone with a note, and a refused check-in does not move on', async ({
  page,
  baseURL,
}) => {
  const [cancelledWhileListed, cancelledWhileOpen] = await freshVisits(baseURL!);
  expect(cancelledWhileOpen, 'two open visits for the engineer').toBeDefined();

  await signIn(page, ENGINEER);
  await page.goto('/engineer');
  await expect(page.getByRole('heading', { name: 'My visits' })).toBeVisible();
  await expect(visitLink(page, cancelledWhileListed!)).toBeVisible();
  await expect(visitLink(page, cancelledWhileOpen!)).toBeVisible();

  // The office cancels one order; the next sync takes its visit off the list, saying why.
  await cancelOrder(baseURL!, cancelledWhileListed!);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(visitLink(page, cancelledWhileListed!)).toHaveCount(0);
  const attention = page.getByRole('region', { name: 'Needs your attention' });
  await expect(attention).toContainText(
    new RegExp(
      `The job ${cancelledWhileListed!.orderNumber} for ${cancelledWhileListed!.customer.name} was cancelled by the office on \\d\\d/\\d\\d\\. It has been removed from your list\\.`,
    ),
  );
  await expectNoAxeViolations(page, 'the list with a note');
  await attention.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(attention).toHaveCount(0);

  // The engineer opens the other visit; the office cancels its order before the next sync.
  await visitLink(page, cancelledWhileOpen!).click();
  await expect(page.getByRole('heading', { name: 'Check in', level: 2 })).toBeVisible();
  await cancelOrder(baseURL!, cancelledWhileOpen!);
  await checkInNow(page, cancelledWhileOpen!);

  // Refused: the reason shows, and the visit stays at check-in (never the survey).
  await expect(attention).toContainText(
    'Check in was refused by the server: This visit is cancelled; its record can no longer change.',
  );
  await expect(page.getByRole('heading', { name: 'Survey and safety' })).toHaveCount(0);
  await expect(page.getByText(/Checked in at/)).toHaveCount(0);
  await expectNoAxeViolations(page, 'a refused check-in');

  // Back on the list: the visit has gone with its note; the refusal stays until dismissed.
  await page.goto('/engineer');
  await expect(page.getByRole('heading', { name: 'My visits' })).toBeVisible();
  await expect(visitLink(page, cancelledWhileOpen!)).toHaveCount(0);
  await expect(attention).toContainText(
    `The job ${cancelledWhileOpen!.orderNumber} for ${cancelledWhileOpen!.customer.name} was cancelled by the office`,
  );
  await expect(attention).toContainText('Check in was refused by the server');
  await expectNoAxeViolations(page, 'the list with a refusal');
  const dismiss = attention.getByRole('button', { name: /^Dismiss/ });
  await expect(dismiss).toHaveCount(2);
  await dismiss.first().click();
  await expect(dismiss).toHaveCount(1);
  await dismiss.first().click();
  await expect(attention).toHaveCount(0);
});
