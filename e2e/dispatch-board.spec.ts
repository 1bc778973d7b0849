import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Board } from '../src/shared/dispatch/dispatch.contracts';
import { drag } from './board-drag';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 12: the contractor's dispatch board and map, as the demo contractor. Each test plans a
// different week weeks ahead, so the seeded (filled) week and other tests leave its slots free.

const contractorEmail = 'contractor@example.com';

async function boardFor(api: APIRequestContext, weeksAhead: number): Promise<Board> {
  const day = new Date(Date.now() + weeksAhead * 7 * 24 * 60 * 60 * 1000);
  const res = await api.get(`/api/dispatch/board?week=${day.toISOString().slice(0, 10)}`);
  expect(res.status(), await res.text()).toBe(200);
  const board = (await res.json()) as Board;
  // The days that take visits: a bank holiday stays on the board, marked, but takes none.
  return { ...board, days: board.days.filter((d) => d.working) };
}

function readyOrders(board: Board) {
  const ready = board.waiting.filter((o) => o.kitReady);
  expect(ready.length, 'the seed leaves orders ready to schedule').toBeGreaterThan(1);
  return ready;
}

const slot = (page: Page, engineerId: string, date: string, s: 'am' | 'pm' | 'all_day') =>
  page.getByTestId(`slot-${engineerId}-${date}-${s}`);

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('dispatch board', () => {
  let api: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    api = await apiAs(baseURL, contractorEmail);
  });
  test.afterAll(async () => {
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, contractorEmail);
  });

  test('schedules an order by dragging it onto an engineer’s slot', async ({ page }) => {
    const board = await boardFor(api, 3);
    const order = readyOrders(board)[0]!;
    const engineer = board.engineers[0]!;
    const monday = board.days[0]!.date;
    await page.goto(`/contractor/board?week=${monday}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dispatch board' })).toBeVisible();
    await expectNoAxeViolations(page);

    const card = page
      .getByRole('list', { name: 'Orders waiting to be scheduled' })
      .locator(`[data-order="${order.orderNumber}"]`);
    const target = slot(page, engineer.id, monday, 'am');
    await drag(page, card, target);

    await expect(target.locator(`[data-visit="${order.orderNumber}"]`)).toBeVisible();
    await expect(page.getByTestId('board-announcer')).toContainText(
      `${order.orderNumber} scheduled with ${engineer.firstName} ${engineer.lastName}`,
    );
    await expect(card).toHaveCount(0);
    const detail = await (await api.get(`/api/orders/${order.id}`)).json();
    expect(detail.status).toBe('scheduled');
    expect(JSON.stringify(detail)).not.toMatch(/pricePence/);
  });

  test('schedules an order with the keyboard alone, announced', async ({ page }) => {
    const board = await boardFor(api, 4);
    const order = readyOrders(board)[0]!;
    const engineer = board.engineers[1] ?? board.engineers[0]!;
    const tuesday = board.days[1]!.date;
    await page.goto(`/contractor/board?week=${board.weekStart}`);
    const pick = page.getByRole('button', { name: `Pick ${order.orderNumber}` });
    await pick.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('board-announcer')).toContainText(`Picked ${order.orderNumber}`);

    const tuesdayWords = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${tuesday}T00:00:00Z`));
    const wanted = `Place here: ${order.orderNumber} with ${engineer.firstName} ${engineer.lastName} on ${tuesdayWords}, PM`;
    let reached = false;
    for (let i = 0; i < 300 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? '',
      );
      reached = label === wanted;
    }
    expect(reached, 'Tab reaches the Place here button of the slot').toBe(true);
    await page.keyboard.press('Enter');

    await expect(page.getByTestId('board-announcer')).toContainText(
      `${order.orderNumber} scheduled with ${engineer.firstName} ${engineer.lastName}`,
    );
    await expect(
      slot(page, engineer.id, tuesday, 'pm').locator(`[data-visit="${order.orderNumber}"]`),
    ).toBeVisible();
  });

  test('offers no Place here where the engineer is full; a refused drop says why', async ({
    page,
  }) => {
    const board = await boardFor(api, 5);
    const [first, second] = readyOrders(board);
    const engineer = board.engineers[0]!;
    const wednesday = board.days[2]!.date;
    const booked = await api.post(`/api/dispatch/orders/${first!.id}/schedule`, {
      data: { engineerId: engineer.id, date: wednesday, slot: 'am' },
    });
    expect(booked.status(), await booked.text()).toBe(200);

    await page.goto(`/contractor/board?week=${board.weekStart}`);
    // The engineer has an AM visit: the AM and all-day slots are full, the PM one free.
    await page.getByRole('button', { name: `Pick ${second!.orderNumber}` }).click();
    const allDay = slot(page, engineer.id, wednesday, 'all_day');
    const am = slot(page, engineer.id, wednesday, 'am');
    const pmSlot = slot(page, engineer.id, wednesday, 'pm');
    for (const full of [allDay, am]) {
      await expect(full.getByTestId('slot-full')).toContainText('Full');
      await expect(full.getByRole('button', { name: /^Place/ })).toHaveCount(0);
    }
    await expect(allDay.getByTestId('slot-full')).toContainText(
      `${engineer.firstName} ${engineer.lastName} already has an AM visit`,
    );
    await expect(pmSlot.getByRole('button', { name: /^Place/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // A drop on the full slot is not taken: nothing is sent, the card stays waiting.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/dispatch/')) posts.push(r.url());
    });
    const card = page
      .getByRole('list', { name: 'Orders waiting to be scheduled' })
      .locator(`[data-order="${second!.orderNumber}"]`);
    await drag(page, card, allDay);
    await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(
      `${second!.orderNumber} was not placed`,
    );
    await expect(card).toBeVisible();
    await expect(allDay.locator(`[data-visit="${second!.orderNumber}"]`)).toHaveCount(0);
    expect(posts).toEqual([]);

    // The kit has not arrived: refused too, with why.
    const noKit = board.waiting.find((o) => !o.kitReady);
    if (noKit) {
      // A fresh page, so the first refusal and the list's scroll are not in the way.
      await page.reload();
      const kitCard = page.locator(`[data-order="${noKit.orderNumber}"]`);
      const pm = slot(page, engineer.id, wednesday, 'pm');
      await drag(page, kitCard, pm);
      await expect(pm.getByTestId('refusal')).toContainText('The kit is');
    }
    // Refused, so the order is as it was (assigned, or a revisit still needed).
    const detail = await (await api.get(`/api/orders/${second!.id}`)).json();
    expect(detail.status).toBe(second!.status);
  });

  test('moves a visit and unschedules it, each with a reason', async ({ page }) => {
    const board = await boardFor(api, 6);
    const order = readyOrders(board)[0]!;
    const [from, to] = [board.engineers[0]!, board.engineers[1] ?? board.engineers[0]!];
    const [monday, thursday] = [board.days[0]!.date, board.days[3]!.date];
    const booked = await api.post(`/api/dispatch/orders/${order.id}/schedule`, {
      data: { engineerId: from.id, date: monday, slot: 'am' },
    });
    expect(booked.status(), await booked.text()).toBe(200);

    await page.goto(`/contractor/board?week=${board.weekStart}`);
    await page.getByRole('button', { name: `Move ${order.orderNumber}` }).click();
    await slot(page, to.id, thursday, 'pm')
      .getByRole('button', { name: `Place here: ${order.orderNumber}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Move ${order.orderNumber}` });
    await dialog.getByRole('button', { name: 'Move visit' }).click();
    await expect(dialog.getByText('Give a reason')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Customer works from home on Thursdays');
    await dialog.getByRole('button', { name: 'Move visit' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      slot(page, to.id, thursday, 'pm').locator(`[data-visit="${order.orderNumber}"]`),
    ).toBeVisible();
    await expect(slot(page, from.id, monday, 'am').locator('[data-visit]')).toHaveCount(0);

    await page.getByRole('button', { name: `Unschedule ${order.orderNumber}` }).click();
    const unschedule = page.getByRole('dialog', { name: `Unschedule ${order.orderNumber}` });
    await unschedule.getByLabel('Reason').fill('Customer away that week');
    await unschedule.getByRole('button', { name: 'Unschedule visit' }).click();
    await expect(unschedule).toHaveCount(0);
    await expect(page.locator(`[data-visit="${order.orderNumber}"]`)).toHaveCount(0);
    await expect(
      page
        .getByRole('list', { name: 'Orders waiting to be scheduled' })
        .locator(`[data-order="${order.orderNumber}"]`),
    ).toBeVisible();

    const detail = await (await api.get(`/api/orders/${order.id}`)).json();
    expect(detail.status).toBe('assigned');
    const reasons = (detail.timeline as { type: string; reason: string | null }[]).map(
      (e) => `${e.type}:${e.reason ?? ''}`,
    );
    expect(reasons).toContain('reschedule:Customer works from home on Thursdays');
    expect(reasons).toContain('unschedule:Customer away that week');
  });

  test('a move made by mistake is undone from its toast, and the visit is back', async ({
    page,
  }) => {
    const board = await boardFor(api, 9);
    const order = readyOrders(board)[0]!;
    const engineer = board.engineers[0]!;
    const [monday, wednesday] = [board.days[0]!.date, board.days[2]!.date];
    const booked = await api.post(`/api/dispatch/orders/${order.id}/schedule`, {
      data: { engineerId: engineer.id, date: monday, slot: 'am' },
    });
    expect(booked.status(), await booked.text()).toBe(200);

    await page.goto(`/contractor/board?week=${board.weekStart}`);
    await page.getByRole('button', { name: `Move ${order.orderNumber}` }).click();
    await slot(page, engineer.id, wednesday, 'pm')
      .getByRole('button', { name: `Place here: ${order.orderNumber}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Move ${order.orderNumber}` });
    await dialog.getByLabel('Reason').fill('Customer asked for Wednesday');
    await dialog.getByRole('button', { name: 'Move visit' }).click();
    await expect(
      slot(page, engineer.id, wednesday, 'pm').locator(`[data-visit="${order.orderNumber}"]`),
    ).toBeVisible();
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    await expectNoAxeViolations(page);
    await undo.click();
    await expect(page.getByText('Undone', { exact: true })).toBeVisible();
    await expect(
      slot(page, engineer.id, monday, 'am').locator(`[data-visit="${order.orderNumber}"]`),
    ).toBeVisible();
    await expect(
      slot(page, engineer.id, wednesday, 'pm').locator(`[data-visit="${order.orderNumber}"]`),
    ).toHaveCount(0);
    const detail = await (await api.get(`/api/orders/${order.id}`)).json();
    const reasons = (detail.timeline as { type: string; reason: string | null }[]).map(
      (e) => `${e.type}:${e.reason ?? ''}`,
    );
    expect(reasons).toContain('reschedule:Undone straight after it was made');
  });

  test('on a 390x844 phone the board is a day list with the same actions', async ({ page }) => {
    const board = await boardFor(api, 7);
    const order = readyOrders(board)[0]!;
    const engineer = board.engineers[0]!;
    const friday = board.days[4]!.date;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/contractor/board?week=${board.weekStart}`);
    await expect(page.getByRole('navigation', { name: 'Days of the week' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const fridayLabel = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${friday}T00:00:00Z`));
    await page.getByRole('button', { name: fridayLabel }).click();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.getByRole('button', { name: `Schedule ${order.orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Schedule ${order.orderNumber}` });
    await dialog.getByLabel('Engineer').selectOption(engineer.id);
    await dialog.getByLabel('Day').selectOption(friday);
    await dialog.getByLabel('Slot').selectOption('pm');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog).toHaveCount(0);
    const visit = page.locator(`[data-visit="${order.orderNumber}"]`);
    await expect(visit).toBeVisible();

    await visit.getByRole('button', { name: `Move ${order.orderNumber}` }).click();
    const move = page.getByRole('dialog', { name: `Move ${order.orderNumber}` });
    await move.getByLabel('Slot').selectOption('am');
    await move.getByLabel('Reason').fill('Earlier suits the customer');
    await move.getByRole('button', { name: 'Move visit' }).click();
    await expect(move).toHaveCount(0);
    await expect(page.getByTestId('board-announcer')).toContainText(`${order.orderNumber} moved`);

    await page.getByRole('button', { name: `Unschedule ${order.orderNumber}` }).click();
    const unschedule = page.getByRole('dialog', { name: `Unschedule ${order.orderNumber}` });
    await unschedule.getByLabel('Reason').fill('Customer cancelled the day');
    await unschedule.getByRole('button', { name: 'Unschedule visit' }).click();
    await expect(page.locator(`[data-visit="${order.orderNumber}"]`)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Schedule ${order.orderNumber}` })).toBeVisible();
  });
});

test.describe('map of waiting orders', () => {
  test('shows the points with no tile server reachable', async ({ page, baseURL }) => {
    // The tile server is a setting: point it at a local port nothing listens on.
    const office = await apiAs(baseURL, 'office@example.com');
    const unreachable = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
    const set = await office.put('/api/settings/map-tiles', { data: { tileUrl: unreachable } });
    expect(set.status(), await set.text()).toBe(200);
    await office.dispose();

    const outside: string[] = [];
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (!['127.0.0.1', 'localhost'].includes(host)) outside.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, contractorEmail);
    await page.goto('/contractor/map');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Map of waiting orders' }),
    ).toBeVisible();
    await expect(page.getByText(unreachable)).toBeVisible();
    const points = page.locator('path.dispatch-map-point');
    await expect(points.first()).toBeVisible();
    const districts = page.getByRole('list', { name: 'Postcode districts' }).locator('> li');
    expect(await points.count()).toBe(await districts.count());
    await expect(page.locator('[data-district="PL12"]')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(outside).toEqual([]);
  });
});
