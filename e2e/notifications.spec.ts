import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';
import { uniquePostcode } from './order-steps';

// Issue 25: the bell (a notification arrives live, its link opens what it is about, mark read)
// and the notes on an order (internal, shared with the contractor, @mention), at 1280 and 390
// with axe. Each test makes its own order, offered to the demo contractor (Tamar).

const CONTRACTOR = 'contractor@example.com';
const OFFICE = 'office@example.com';

async function officeApi(baseURL: string) {
  return apiAs(baseURL, OFFICE);
}

async function post(api: APIRequestContext, url: string, data: object = {}) {
  const res = await api.post(url, { headers: { 'Idempotency-Key': randomUUID() }, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<{ id: string; orderNumber: string }>;
}

/** A new validated order, not offered to anyone yet. */
async function newOrder(api: APIRequestContext) {
  const partners = (await (await api.get('/api/partners')).json()) as {
    items: { id: string; active: boolean }[];
  };
  const jobTypes = (await (await api.get('/api/job-types')).json()) as {
    items: { id: string; active: boolean }[];
  };
  const order = await post(api, '/api/orders', {
    partnerId: partners.items.find((p) => p.active)!.id,
    jobTypeId: jobTypes.items.find((j) => j.active)!.id,
    customer: {
      firstName: 'Morwenna',
      lastName: `Bell${Date.now()}`,
      email: `e2e-bell-${Date.now()}@example.com`,
      address: { line1: '4 Quay Street', town: 'Plymouth', postcode: uniquePostcode() },
    },
  });
  await post(api, `/api/orders/${order.id}/validate`);
  return order;
}

async function tamarId(api: APIRequestContext) {
  const res = await api.get('/api/contractors?pageSize=100');
  const body = (await res.json()) as { items: { id: string; name: string }[] };
  return body.items.find((c) => c.name.startsWith('Tamar Satellite'))!.id;
}

const bell = (page: Page) => page.getByTestId('notification-bell');

/** Marks everything read until nothing new has come for three seconds. */
async function settle(page: Page) {
  const origin = new URL(page.url()).origin;
  for (let quiet = 0; quiet < 2; ) {
    const res = await page.request.get('/api/notifications');
    const { unreadCount } = (await res.json()) as { unreadCount: number };
    if (unreadCount === 0) quiet += 1;
    else {
      quiet = 0;
      await page.request.post('/api/notifications/read-all', { headers: { Origin: origin } });
    }
    await page.waitForTimeout(1_500);
  }
}

for (const width of [1280, 390]) {
  test(`a new offer reaches the contractor’s bell live; its link opens the order; mark read (${width})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    const office = await officeApi(baseURL);
    const order = await newOrder(office);
    const contractorId = await tamarId(office);

    await signIn(page, CONTRACTOR);
    await page.goto('/contractor');
    await expect(bell(page)).toBeVisible({ timeout: 30_000 });
    // Start from nothing unread, so the count that appears is this offer's. A fresh server is
    // still telling people of its demo data for a while: wait until nothing more arrives.
    await settle(page);
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications', { timeout: 20_000 });
    const panel = page.getByRole('dialog', { name: 'Notifications' });

    // Offered while the page is open: the bell hears of it without a reload.
    await post(office, `/api/orders/${order.id}/assign`, { contractorId });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(page.getByRole('status').filter({ hasText: 'New notification' })).toHaveText(
      `New notification: New offer: ${order.orderNumber}`,
    );

    await bell(page).click();
    await expect(panel).toBeVisible();
    const item = panel.getByRole('link', { name: new RegExp(`New offer: ${order.orderNumber}`) });
    await expect(item).toBeVisible();
    await expectNoAxeViolations(page, `the bell's panel at ${width}`);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/contractor/orders/${order.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: order.orderNumber })).toBeVisible();
    // Opened, so read.
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);

    // The notifications page lists it read; the digest is the person's own setting.
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(
      page.getByTestId('notification-list').locator('li[data-unread="false"]', {
        hasText: `New offer: ${order.orderNumber}`,
      }),
    ).toBeVisible();
    await page.getByRole('radio', { name: 'Every hour' }).check();
    await expect(page.getByText('Email digest saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Every hour' })).toBeChecked();
    await page.getByRole('radio', { name: 'Off' }).check();
    await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked();
    await expectNoAxeViolations(page, `/notifications at ${width}`);
    await office.dispose();
  });

  test(`notes on an order: internal, shared with the contractor, and an @mention (${width})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const office = await officeApi(baseURL);
    const order = await newOrder(office);
    await post(office, `/api/orders/${order.id}/assign`, { contractorId: await tamarId(office) });
    const internal = `Internal: the partner disputes the price ${Date.now()}`;
    const shared = `Bring the long ladder ${Date.now()}`;

    await signIn(page, OFFICE);
    await page.goto(`/orders/${order.id}`);
    const notes = page.getByRole('region', { name: 'Notes' }).or(page.locator('#notes'));
    await expect(notes.getByText('No notes yet.')).toBeVisible({ timeout: 30_000 });

    // Empty: a clear message, nothing sent.
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('alert')).toHaveText('Write the note');

    await notes.getByLabel('Add a note').fill(internal);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByTestId('order-note').filter({ hasText: internal })).toBeVisible();

    await notes.getByLabel('Add a note').fill(shared);
    await notes.getByLabel('Share with contractor').check();
    await notes
      .getByLabel('Mention someone')
      .selectOption({ label: 'Connor Tractor (contractor)' });
    await expect(notes.getByLabel('Add a note')).toHaveValue(`${shared} @Connor Tractor `);
    await notes.getByRole('button', { name: 'Add note' }).click();
    const sharedNote = notes.getByTestId('order-note').filter({ hasText: shared });
    await expect(sharedNote).toBeVisible();
    await expect(sharedNote.getByText('Shared with contractor')).toBeVisible();
    await expect(sharedNote.getByText('Mentioned: Connor Tractor')).toBeVisible();
    await expectNoAxeViolations(page, `the order's notes at ${width}`);

    // The contractor: the shared note in its portal's order, not the internal one, and told.
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const contractorPage = await context.newPage();
    await signIn(contractorPage, CONTRACTOR);
    await contractorPage.goto(`/contractor/orders/${order.id}`);
    const theirNotes = contractorPage.locator('#notes');
    await expect(theirNotes.getByTestId('order-note').filter({ hasText: shared })).toBeVisible({
      timeout: 30_000,
    });
    await expect(theirNotes.getByText(internal)).toHaveCount(0);
    await expect(contractorPage.getByText('Internal: the partner disputes')).toHaveCount(0);

    await contractorPage.getByTestId('notification-bell').click();
    const panel = contractorPage.getByRole('dialog', { name: 'Notifications' });
    const mention = panel.getByRole('link', {
      name: new RegExp(`Olivia Office mentioned you on ${order.orderNumber}`),
    });
    await expect(mention).toBeVisible({ timeout: 20_000 });
    // Marked read from the panel without leaving the page.
    await panel
      .getByRole('button', {
        name: new RegExp(`Mark read: Olivia Office mentioned you on ${order.orderNumber}`),
      })
      .click();
    await expect(
      panel.locator('li[data-unread="false"]', {
        hasText: `mentioned you on ${order.orderNumber}`,
      }),
    ).toBeVisible();
    await contractorPage.keyboard.press('Escape');

    // The contractor answers; back office reads it.
    await theirNotes.getByLabel('Add a note').fill('Booked the cherry picker');
    await theirNotes.getByRole('button', { name: 'Add note' }).click();
    await expect(
      theirNotes.getByTestId('order-note').filter({ hasText: 'cherry picker' }),
    ).toBeVisible();
    await expectNoAxeViolations(contractorPage, `the contractor's order notes at ${width}`);
    await page.reload();
    await expect(notes.getByTestId('order-note').filter({ hasText: 'cherry picker' })).toBeVisible({
      timeout: 30_000,
    });
    await context.close();
    await office.dispose();
  });
}
