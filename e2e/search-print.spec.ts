import type { Page } from '@playwright/test';
import type { OrderListResponse } from '../src/shared/orders/orders.contracts';
import type { SearchResponse } from '../src/shared/search/search.contracts';
import type { VisitListItem } from '../src/shared/visits/visits.contracts';
import { apiAs, expect, signIn, test } from './fixtures';
import { expectNoAxeViolations } from './engineer-visits';

// Issue 25: search from the top bar (`/` and Ctrl+K, arrows, Enter, Escape) for each role, the
// print stylesheet on the order summary and installation pages, and the contractor's day sheet.
// At a desk (1280) and on a phone (390), with axe.

const sizes = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const box = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search' });

/** The first order back office sees, with its customer's surname. */
async function anOrder(baseURL: string, email: string) {
  const api = await apiAs(baseURL, email);
  const res = await api.get('/api/orders?pageSize=1');
  expect(res.status(), await res.text()).toBe(200);
  const order = ((await res.json()) as OrderListResponse).items[0]!;
  await api.dispose();
  return order;
}

/**
 * A surname the server finds several results for, so the arrows have somewhere to go. The newest
 * orders may be one-offs made by earlier tests (or anonymised), so look through a page of them.
 */
async function aSharedSurname(baseURL: string, email: string) {
  const api = await apiAs(baseURL, email);
  const res = await api.get('/api/orders?pageSize=50');
  expect(res.status(), await res.text()).toBe(200);
  const orders = ((await res.json()) as OrderListResponse).items;
  await api.dispose();
  const tried = new Set<string>();
  for (const order of orders) {
    const surname = order.customer.name.trim().split(' ').pop()!;
    if (surname.length < 2 || tried.has(surname)) continue;
    tried.add(surname);
    const expected = await serverResults(baseURL, email, surname);
    if (expected.length > 1) return { surname, expected };
  }
  throw new Error(`no surname among ${[...tried].join(', ')} gives more than one result`);
}

/** The results the server gives this user for `q`, as the dialog should list them. */
async function serverResults(baseURL: string, email: string, q: string) {
  const api = await apiAs(baseURL, email);
  const res = await api.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as SearchResponse;
  await api.dispose();
  return body.groups.flatMap((g) => g.items);
}

async function stubPrint(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}

/** On paper: the shell and the controls are gone, the page's content stays. */
async function expectPrintable(page: Page, content: string) {
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(content).first()).toBeVisible();
  const colours = await page.evaluate(() => ({
    body: getComputedStyle(document.body).backgroundColor,
    heading: getComputedStyle(document.querySelector('h1')!).color,
  }));
  expect(colours).toEqual({ body: 'rgb(255, 255, 255)', heading: 'rgb(0, 0, 0)' });
  await page.emulateMedia({ media: 'screen' });
}

for (const size of sizes) {
  test.describe(`search and print on a ${size.name} (${size.width})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('back office: / opens search, arrows move, Enter opens the order, Ctrl+K and Escape', async ({
      page,
      baseURL,
    }) => {
      const { surname, expected } = await aSharedSurname(baseURL, 'office@example.com');
      await signIn(page, 'office@example.com');
      await page.goto('/back-office');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      await page.keyboard.press('/');
      await expect(dialog(page)).toBeVisible();
      await expect(box(page)).toBeFocused();
      await expect(dialog(page).getByRole('status')).toContainText('Search orders by number');
      await box(page).fill(surname);
      const options = dialog(page).getByRole('option');
      await expect(options).toHaveCount(expected.length);
      await expect(dialog(page).getByRole('group', { name: 'Orders' })).toBeVisible();
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await expectNoAxeViolations(page, `search (${size.name})`);

      await page.keyboard.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(box(page)).toHaveAttribute('aria-activedescendant', /.+/);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      // Up from the first wraps to the last.
      await expect(options.last()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(dialog(page)).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${expected[0]!.href}$`));

      // Ctrl+K opens it again; Escape closes it and gives focus back.
      await page.keyboard.press('Control+k');
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();

      // Too short and nothing found say so.
      await page.keyboard.press('/');
      await box(page).fill('z');
      await expect(dialog(page).getByRole('status')).toHaveText(
        'Type at least 2 characters to search.',
      );
      await box(page).fill('zzqqxxnothing');
      await expect(dialog(page).getByRole('status')).toHaveText('No results for “zzqqxxnothing”.');
      await page.keyboard.press('Escape');

      // Typing `/` in a field is a character, not the shortcut.
      await page.goto('/orders');
      const listSearch = page.getByRole('searchbox').first();
      await listSearch.click();
      await page.keyboard.type('a/b');
      await expect(listSearch).toHaveValue('a/b');
      await expect(dialog(page)).toBeHidden();
    });

    test('contractor and engineer find only their own, and open them on their own pages', async ({
      page,
      baseURL,
    }) => {
      const own = await anOrder(baseURL, 'contractor@example.com');
      await signIn(page, 'contractor@example.com');
      await page.goto('/contractor');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await box(page).fill(own.orderNumber);
      const option = dialog(page).getByRole('option').first();
      await expect(option).toContainText(own.orderNumber);
      await expect(option).toHaveAttribute('data-href', `/contractor/orders/${own.id}`);
      await expectNoAxeViolations(page, `contractor search (${size.name})`);
      await option.click();
      await expect(page).toHaveURL(new RegExp(`/contractor/orders/${own.id}$`));

      // The engineer: a visit of theirs, by the customer's surname.
      await page.context().clearCookies();
      const api = await apiAs(baseURL, 'engineer@example.com');
      const visits = (
        (await (await api.get('/api/visits?limit=50')).json()) as { items: VisitListItem[] }
      ).items;
      await api.dispose();
      const visit = visits.find((v) => v.status !== 'cancelled')!;
      const surname = visit.order.customerName.trim().split(' ').pop()!;
      const results = await serverResults(baseURL, 'engineer@example.com', surname);
      expect(results.length).toBeGreaterThan(0);
      expect(results.every((r) => /^\/(engineer\/visits|installation)\//.test(r.href))).toBe(true);
      await signIn(page, 'engineer@example.com');
      await page.goto('/engineer');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Control+k');
      await box(page).fill(surname);
      await expect(dialog(page).getByRole('group', { name: 'Visits' })).toBeVisible();
      await expect(dialog(page).getByRole('option')).toHaveCount(results.length);
      await expectNoAxeViolations(page, `engineer search (${size.name})`);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${results[0]!.href}$`));
    });

    test('the installation and order summary pages print without the shell', async ({
      page,
      baseURL,
    }) => {
      const api = await apiAs(baseURL, 'office@example.com');
      const res = await api.get('/api/orders?status=completed&pageSize=1');
      const order = ((await res.json()) as OrderListResponse).items[0]!;
      await api.dispose();
      await signIn(page, 'office@example.com');

      await page.goto(`/installation/${order.id}`);
      await expect(page.getByRole('heading', { name: 'Installation details' })).toBeVisible();
      await expectNoAxeViolations(page, `installation (${size.name})`);
      await stubPrint(page);
      await page.getByRole('button', { name: 'Print' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await expectPrintable(page, order.orderNumber);

      await page.goto(`/order-summary/${encodeURIComponent(order.orderNumber)}`);
      await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
      await expectNoAxeViolations(page, `order summary (${size.name})`);
      await expectPrintable(page, order.customer.name);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('link', { name: /Completion certificate/ })).toBeHidden();
    });

    test('contractor: the day sheet per engineer, from the board, prints one engineer a page', async ({
      page,
      baseURL,
    }) => {
      const api = await apiAs(baseURL, 'contractor@example.com');
      const visits = (
        (await (await api.get('/api/visits?status=scheduled&limit=100')).json()) as {
          items: VisitListItem[];
        }
      ).items;
      await api.dispose();
      const visit = visits[0]!;
      await signIn(page, 'contractor@example.com');
      await page.goto(`/contractor/board?week=${visit.scheduledDate}`);
      await page.getByRole('link', { name: 'Day sheets' }).click();
      await expect(page.getByRole('heading', { name: 'Day sheet', level: 1 })).toBeVisible();

      await page.goto(`/contractor/day-sheet?date=${visit.scheduledDate}`);
      const engineerName = `${visit.engineer.firstName} ${visit.engineer.lastName}`.trim();
      const sheet = page.getByRole('region', { name: new RegExp(`^${engineerName} ·`) });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByText(visit.order.orderNumber)).toBeVisible();
      await page.getByLabel('Engineer', { exact: true }).selectOption({ label: engineerName });
      await expect(page).toHaveURL(new RegExp(`engineer=${visit.engineer.id}`));
      await expect(page.locator('[data-print="page"]')).toHaveCount(1);
      await expect(sheet.getByText('Address', { exact: true }).first()).toBeVisible();
      await expect(sheet.getByText('Kit', { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page, `day sheet (${size.name})`);
      await stubPrint(page);
      await page.getByRole('button', { name: 'Print' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await expectPrintable(page, visit.order.orderNumber);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByLabel('Engineer', { exact: true })).toBeHidden();
      await expect(sheet).toBeVisible();
    });
  });
}
