import type { APIRequestContext } from '@playwright/test';
import { addDays, engineerHasRoom } from '../src/shared/dispatch/capacity';
import type { Board } from '../src/shared/dispatch/dispatch.contracts';
import type { VisitSlot } from '../src/shared/orders/order-status';
import {
  bookedDayWords,
  offDayCheckInWords,
  offDayReasonMessage,
} from '../src/shared/visits/off-day-check-in';
import { londonDateOf } from '../src/shared/london-date';
import { ENGINEER, expectNoAxeViolations } from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 24 (4): an engineer who checks in days before the booked day is warned with the booked
// date and asked why; the reason goes with the check-in, and back office reads it on the order's
// visit, its timeline and the installation record. On a 390x844 phone, with axe.

const CONTRACTOR = 'contractor@example.com';
const OFFICE = 'office@example.com';
const reason = 'The customer rang: they are in today and asked me to come early';

/** Books a ready waiting order for the demo engineer on a working day after today, within 6 days. */
async function bookAheadForEngineer(contractor: APIRequestContext, engineerId: string) {
  const today = londonDateOf();
  const last = addDays(today, 6);
  for (const week of [today, addDays(today, 7)]) {
    const res = await contractor.get(`/api/dispatch/board?week=${week}`);
    expect(res.status(), await res.text()).toBe(200);
    const board = (await res.json()) as Board;
    const order = board.waiting.find((o) => o.kitReady);
    expect(order, 'an order ready to schedule').toBeDefined();
    for (const day of board.days) {
      if (!day.working || day.date <= today || day.date > last) continue;
      const slot = board.slots.find((s: VisitSlot) =>
        engineerHasRoom(board.visits, { engineerId, date: day.date, slot: s }, null),
      );
      if (!slot) continue;
      const booked = await contractor.post(`/api/dispatch/orders/${order!.id}/schedule`, {
        data: { engineerId, date: day.date, slot },
      });
      expect(booked.status(), await booked.text()).toBe(200);
      return { orderId: order!.id, orderNumber: order!.orderNumber, date: day.date };
    }
  }
  throw new Error('no free working day for the demo engineer in the next six days');
}

test('an engineer checking in days early gives a reason, and back office reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  const contractor = await apiAs(baseURL!, CONTRACTOR);
  const engineerApi = await apiAs(baseURL!, ENGINEER);
  const engineerId = (await (await engineerApi.get('/api/auth/user')).json()).id as string;
  await engineerApi.dispose();
  const booking = await bookAheadForEngineer(contractor, engineerId);
  await contractor.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ENGINEER);
  await page.goto('/engineer');
  await expect(page.getByRole('heading', { name: 'My visits' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(booking.orderNumber) }).click();
  await expect(page.getByRole('heading', { name: 'Check in', level: 2 })).toBeVisible();

  // Tapping "Check in now" a day or more early warns with the booked date and asks why.
  await page.getByRole('button', { name: 'Check in now' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `This visit is booked for ${bookedDayWords(booking.date)}, not today`,
  );
  const why = page.getByLabel('Why are you checking in on another day?');
  await expect(why).toBeVisible();
  await expectNoAxeViolations(page, 'check-in on another day');

  // Without a reason nothing is sent; the field says what is wanted.
  const checkIns: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/check-in')) checkIns.push(r.url());
  });
  await page.getByRole('button', { name: 'Check in with this reason' }).click();
  await expect(page.getByText(offDayReasonMessage(booking.date))).toBeVisible();
  await expect(why).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'check-in on another day, no reason');
  expect(checkIns).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await why.fill(reason);
  await page.getByRole('button', { name: 'Check in with this reason' }).click();
  await expect(page.getByRole('heading', { name: 'Survey and safety' })).toBeVisible();
  expect(checkIns).toHaveLength(1);

  // Back office, on a phone too: the order's visit and its timeline say so, in words.
  const office = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const officePage = await office.newPage();
  await signIn(officePage, OFFICE);
  await officePage.goto(`/orders/${booking.orderId}`);
  const words = offDayCheckInWords(londonDateOf(), booking.date, reason);
  await expect(officePage.getByText(words, { exact: true })).toBeVisible();
  await expect(
    officePage.getByText(`Engineer checked in on site. ${words}.`, { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(officePage, 'the order with an off-day check-in');

  await officePage.goto(`/installation/${booking.orderId}`);
  await expect(officePage.getByText('Not the booked day')).toBeVisible();
  await expect(officePage.getByText(words, { exact: true })).toBeVisible();
  await expectNoAxeViolations(officePage, 'the installation record');
  await office.close();
});
