import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  photoCategories,
  photoCategoryLabels,
  visitPaths,
  type EngineerVisit,
  type EngineerVisitsResponse,
} from '../src/shared/visits/visit-record';
import { londonDateOf } from '../src/shared/london-date';
import { apiAs, expect } from './fixtures';

// What the engineer app's browser tests share: the demo engineer, their open visits, and axe.
export const ENGINEER = 'engineer@example.com';

export async function expectNoAxeViolations(page: Page, screen: string) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${screen}`,
  ).toEqual([]);
}

/** Open visits of the engineer that nothing has been recorded on yet (the server's view). */
export async function freshVisits(baseURL: string): Promise<EngineerVisit[]> {
  const api = await apiAs(baseURL, ENGINEER);
  const res = await api.get(`${visitPaths.engineerVisits}?days=7`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as EngineerVisitsResponse;
  await api.dispose();
  return body.items.filter(
    (v) => v.status === 'scheduled' && !v.record.checkIn && !v.record.outcome,
  );
}

/**
 * Taps "Check in now" on the visit's screen. A visit booked for another day asks why first
 * (issue 24): the reason is given, and the check-in goes with it.
 */
export async function checkInNow(
  page: Page,
  visit: EngineerVisit,
  reason = 'The customer asked me to come on another day',
) {
  await page.getByRole('button', { name: 'Check in now' }).click();
  if (visit.scheduledDate === londonDateOf()) return;
  await page.getByLabel('Why are you checking in on another day?').fill(reason);
  await page.getByRole('button', { name: 'Check in with this reason' }).click();
}

/**
 * Records a whole visit in the engineer app, from its list to "Visit completed": check-in,
 * survey, a photo of every category, serials, commissioning (a low download first, refused
 * without a reason) and the customer's signature.
 */
export async function recordVisit(
  page: Page,
  visit: EngineerVisit,
  photo: Buffer,
  opts: { axe?: boolean } = {},
) {
  await page.getByRole('link', { name: new RegExp(visit.orderNumber) }).click();
  await expect(page.getByRole('heading', { name: 'Check in' })).toBeVisible();
  if (opts.axe) await expectNoAxeViolations(page, 'check in');
  await checkInNow(page, visit);

  await expect(page.getByRole('heading', { name: 'Survey and safety' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Confirm the working-at-height risk assessment')).toBeVisible();
  if (opts.axe) await expectNoAxeViolations(page, 'survey (with errors)');
  await page.getByLabel('Mounting type').selectOption('wall');
  await page.getByLabel('Cable route').fill('Along the gutter, through the front wall');
  await page.getByLabel('Cable length used (m)').fill('14');
  await page.getByLabel('Power location').fill('Hall socket');
  await page.getByLabel('Router location').fill('Living room shelf');
  await page.getByRole('checkbox', { name: /working-at-height/ }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
  for (const category of photoCategories) {
    const label = photoCategoryLabels[category];
    await page.getByLabel(`Take photo: ${label}`).setInputFiles({
      name: `${category}.jpg`,
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await expect(page.getByRole('img', { name: `${label} photo 1` })).toBeVisible();
  }
  if (opts.axe) await expectNoAxeViolations(page, 'photos');
  await page.getByRole('button', { name: 'Next: serials' }).click();

  await expect(page.getByRole('heading', { name: 'Serials' })).toBeVisible();
  const dish = visit.kitExpected.find((k) => k.kind === 'dish')?.expectedSerial ?? 'DISH-E2E-0001';
  const router =
    visit.kitExpected.find((k) => k.kind === 'router')?.expectedSerial ?? 'RTR-E2E-0001';
  await page.getByRole('textbox', { name: 'Dish serial' }).fill(dish);
  await page.getByRole('textbox', { name: 'Router serial' }).fill(router);
  if (opts.axe) await expectNoAxeViolations(page, 'serials');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Commissioning' })).toBeVisible();
  await page.getByLabel('Dish ID').fill('ut01000000-00000000-00abcdef');
  await page.getByLabel('Router ID').fill('rtr-0001');
  await page.getByLabel('Obstruction (%)').fill('0.5');
  await page.getByLabel('Download (Mbit/s)').fill('20');
  await page.getByLabel('Upload (Mbit/s)').fill('12');
  await page.getByLabel('Latency (ms)').fill('38');
  // Below the download threshold: a warning, and a reason is needed to go on.
  await expect(page.getByRole('alert').filter({ hasText: 'Outside the thresholds' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Give a reason to go on')).toBeVisible();
  if (opts.axe) await expectNoAxeViolations(page, 'commissioning');
  await page.getByLabel('Download (Mbit/s)').fill('180');
  await expect(page.getByText('Outside the thresholds')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Customer sign-off' })).toBeVisible();
  await page.getByLabel('Customer’s name').fill('Pat Customer');
  const pad = page.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 40, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + 140, { steps: 8 });
  await page.mouse.up();
  if (opts.axe) await expectNoAxeViolations(page, 'sign-off');
  await page.getByRole('button', { name: 'Save signature and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Complete' })).toBeVisible();
  await expect(page.getByText('Everything the record needs is here.')).toBeVisible();
  if (opts.axe) await expectNoAxeViolations(page, 'complete');
  await page.getByRole('button', { name: 'Complete visit' }).click();
  await expect(page.getByRole('heading', { name: 'Visit completed' })).toBeVisible();
}
