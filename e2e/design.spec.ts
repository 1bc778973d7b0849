import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// One walk per screen width, each on its worker's own server: both workers share them.
test.describe.configure({ mode: 'parallel' });

// Issue 10: every back-office page at a phone (390x844) and a desktop (1280x800) width: a
// screenshot to look at, nothing scrolls sideways, order numbers and emails stay on one line,
// every action is within reach on a phone, and axe finds no violations.

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

type PageCheck = {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  heading: RegExp;
};

const pages: PageCheck[] = [
  { name: 'dashboard', path: '/back-office', heading: /^Dashboard$/ },
  { name: 'orders', path: '/orders', heading: /^Orders$/ },
  {
    name: 'order',
    path: async (page) => {
      const res = await page.request.get('/api/orders?pageSize=1');
      const body = (await res.json()) as { items: { id: string }[] };
      return `/orders/${body.items[0]!.id}`;
    },
    heading: /^UPL-/,
  },
  { name: 'new-order', path: '/orders/new', heading: /^New order$/ },
  { name: 'customers', path: '/customers', heading: /^Customers$/ },
  { name: 'contractors', path: '/contractors', heading: /^Contractors$/ },
  {
    name: 'assignment-queue',
    path: '/back-office/contractor-management',
    heading: /^Contractor management$/,
  },
  { name: 'users', path: '/users', heading: /^User management$/ },
  {
    name: 'messages',
    // An invitation to a long address first: the newest message must still fit a phone.
    path: async (page) => {
      const origin = new URL((await page.request.get('/healthz')).url()).origin;
      const res = await page.request.post('/api/users', {
        headers: { Origin: origin },
        data: {
          email: `design-long-recipient-${Date.now()}@installations.example.com`,
          firstName: 'Long',
          lastName: 'Address',
          role: 'back_office',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return '/users?tab=messages';
    },
    heading: /^User management$/,
  },
  { name: 'security-audit', path: '/audit', heading: /^Security Audit$/ },
];

/** Problems a person would see: sideways scroll, wrapped ids and emails, actions out of reach. */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) {
      problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
    }
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
    };
    const oneLine = (el: HTMLElement) => {
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
      return el.getBoundingClientRect().height <= lineHeight * 1.5;
    };
    const main = document.querySelector('main') ?? document.body;
    // Order numbers and emails on one line (truncated is fine: the full value is in the title).
    for (const el of main.querySelectorAll<HTMLElement>('a, span, td, p, dd, div, h1')) {
      if (!visible(el) || el.children.length > 0) continue;
      const text = el.textContent?.trim() ?? '';
      // Both forms: before issue 18 and since (decision 051).
      const isOrderNumber = /^UPL-\d{4}-\d{6,}(-[2-9A-HJKMNP-TV-Z]{4})?$/.test(text);
      const isEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
      if (!isOrderNumber && !isEmail) continue;
      if (!oneLine(el)) problems.push(`"${text}" wraps onto two lines`);
      if (isEmail && el.scrollWidth > el.clientWidth + 1 && !el.closest('[title]')) {
        problems.push(`"${text}" is cut off without its full value on hover`);
      }
    }
    // Every action on screen within the viewport's width, not behind a sideways scroll.
    for (const el of main.querySelectorAll<HTMLElement>('button, a[href], input, select')) {
      if (!visible(el)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.right > window.innerWidth + 1 || rect.left < -1) {
        problems.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim()}" sits outside the screen (${Math.round(rect.left)}–${Math.round(rect.right)})`,
        );
      }
    }
    return problems;
  });
}

// One walk per width, signed in once: a sign-in per page would cost more than the pages.
for (const viewport of viewports) {
  test.describe(`back office at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every back-office page fits and passes axe', async ({ page }, testInfo) => {
      test.setTimeout(60_000 + pages.length * 20_000);
      await signIn(page, 'office@example.com');
      const problems: string[] = [];
      for (const check of pages) {
        const path = typeof check.path === 'string' ? check.path : await check.path(page);
        await page.goto(path);
        const heading = page.getByRole('heading', { level: 1, name: check.heading });
        await expect(heading, `${check.name} shows its heading`).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
        await page.screenshot({
          path: testInfo.outputPath(`${check.name}-${viewport.width}.png`),
          fullPage: true,
        });
        await page.screenshot({
          path: `test-results/design/${check.name}-${viewport.width}.png`,
          fullPage: true,
        });

        // One frame: the heading starts at the same left edge on every page.
        const left = await heading.evaluate((el) => Math.round(el.getBoundingClientRect().left));
        const expectedLeft = viewport.width >= 1024 ? 24 : 16;
        if (left !== expectedLeft) {
          problems.push(`${check.name}: heading starts at ${left}px, not ${expectedLeft}px`);
        }
        for (const problem of await layoutProblems(page))
          problems.push(`${check.name}: ${problem}`);

        const axe = await new AxeBuilder({ page }).analyze();
        for (const v of axe.violations) {
          problems.push(
            `${check.name}: axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });
  });
}
