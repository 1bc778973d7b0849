import type { APIRequestContext, Page } from '@playwright/test';
import type { Board } from '../src/shared/dispatch/dispatch.contracts';
import { drag } from './board-drag';
import { expectNoAxeViolations } from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 25: the back office's calendar, /calendar in the Orders pages: every contractor's week,
// filtered by contractor and status; a visit moves by drag and drop, by the keyboard (Move, then
// Place here), and on a phone from the day view's Move dialog, under the board's rules.
// Each test books its own visit weeks ahead, past the weeks the board spec plans in.

const OFFICE = 'office@example.com';
const CONTRACTOR = 'contractor@example.com';
const COMPANY = 'Tamar Satellite Services Ltd';

async function bookAhead(weeksAhead: number, baseURL: string) {
  const contractor: APIRequestContext = await apiAs(baseURL, CONTRACTOR);
  const day = new Date(Date.now() + weeksAhead * 7 * 24 * 60 * 60 * 1000);
  const res = await contractor.get(`/api/dispatch/board?week=${day.toISOString().slice(0, 10)}`);
  expect(res.status(), await res.text()).toBe(200);
  const board = (await res.json()) as Board;
  const days = board.days.filter((d) => d.working).map((d) => d.date);
  const order = board.waiting.find((o) => o.kitReady);
  expect(order, 'the seed leaves orders ready to schedule').toBeDefined();
  const engineer = board.engineers.find((e) => e.active)!;
  const booked = await contractor.post(`/api/dispatch/orders/${order!.id}/schedule`, {
    data: { engineerId: engineer.id, date: days[0], slot: 'am' },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  await contractor.dispose();
  return { weekStart: board.weekStart, days, order: order!, engineerId: engineer.id };
}

const slot = (page: Page, engineerId: string, date: string, s: 'am' | 'pm') =>
  page.getByTestId(`slot-${engineerId}-${date}-${s}`);

test('back office moves a visit on the calendar by drag and by keyboard', async ({
  page,
  baseURL,
}) => {
  const { weekStart, days, order, engineerId } = await bookAhead(12, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, OFFICE);
  await page.goto('/orders');
  await page.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page).toHaveURL(/\/calendar$/);

  await page.goto(`/calendar?week=${weekStart}`);
  await page.getByLabel('Contractor').selectOption({ label: COMPANY });
  await expect(page).toHaveURL(/contractor=/);
  const card = page.locator(`[data-visit="${order.orderNumber}"]`);
  await expect(slot(page, engineerId, days[0]!, 'am').locator(card)).toBeVisible();
  await expect(page.getByRole('rowheader').first()).toContainText(COMPANY);
  await expectNoAxeViolations(page, 'calendar week');

  // Drag and drop, with the reason the board asks for.
  await drag(page, card, slot(page, engineerId, days[2]!, 'pm'));
  const dialog = page.getByRole('dialog', { name: `Move ${order.orderNumber}` });
  await dialog.getByLabel('Reason').fill('The customer asked for Wednesday');
  await dialog.getByRole('button', { name: 'Move visit' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(slot(page, engineerId, days[2]!, 'pm').locator(card)).toBeVisible();
  await expect(page.getByTestId('calendar-announcer')).toContainText(`${order.orderNumber} moved`);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();

  // The keyboard alone: Move picks it, Place here in another slot drops it.
  await page.getByRole('button', { name: `Move ${order.orderNumber}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('calendar-announcer')).toContainText(`Picked ${order.orderNumber}`);
  await slot(page, engineerId, days[3]!, 'am')
    .getByRole('button', { name: `Place here: ${order.orderNumber}` })
    .focus();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Reason').fill('Thursday morning after all');
  await dialog.getByRole('button', { name: 'Move visit' }).click();
  await expect(slot(page, engineerId, days[3]!, 'am').locator(card)).toBeVisible();

  // The status filter: only completed visits, so this one goes.
  await page.getByLabel('Status').selectOption('completed');
  await expect(page).toHaveURL(/status=completed/);
  await expect(card).toHaveCount(0);
});

test('on a 390x844 phone the calendar shows a day and moves from the Move dialog', async ({
  page,
  baseURL,
}) => {
  const { weekStart, order } = await bookAhead(13, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, OFFICE);
  await page.goto(`/calendar?week=${weekStart}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Days of the week' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const visit = page.locator(`[data-visit="${order.orderNumber}"]`);
  await expect(visit).toBeVisible();
  await expectNoAxeViolations(page, 'calendar day on a phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await visit.getByRole('button', { name: `Move ${order.orderNumber}` }).click();
  const move = page.getByRole('dialog', { name: `Move ${order.orderNumber}` });
  await move.getByLabel('Slot').selectOption('pm');
  await move.getByLabel('Reason').fill('Afternoon suits the customer');
  await move.getByRole('button', { name: 'Move visit' }).click();
  await expect(move).toHaveCount(0);
  await expect(page.getByTestId('calendar-announcer')).toContainText(`${order.orderNumber} moved`);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expectNoAxeViolations(page, 'calendar after a move on a phone');
});
