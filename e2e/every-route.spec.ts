import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiPathWebScreens } from '../src/shared/web-routes';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 24, item 8: every route of every role on a phone (390x844), and the desk roles at 1280:
// each page loads, nothing scrolls sideways, axe (WCAG 2.2 AA) finds nothing, and every control
// a finger taps is at least 24 by 24 CSS pixels (WCAG 2.5.8; links keep the criterion's
// exceptions). The route list is read from the web's route table, so a new route is walked too.

const routeTable = readFileSync(new URL('../src/web/app/routes.tsx', import.meta.url), 'utf8');
const tablePaths = [
  ...routeTable.matchAll(/\{\s*path: '([^']+)',\s*area: '[^']+',\s*access: ([^,]+),/g),
].map((match) => ({ path: match[1]!, access: match[2]!.trim() }));

/** Every route with the roles the table lets open it. */
const allRoutes = [
  ...tablePaths,
  ...apiPathWebScreens.map((path) => ({ path, access: 'backOffice' })),
];

type Walker = { email: string; opens: (access: string) => boolean };

const walkers: Record<string, Walker> = {
  'back office': {
    email: 'office@example.com',
    opens: (access) => ['backOffice', "'signed-in'", 'staff'].includes(access),
  },
  contractor: {
    email: 'contractor@example.com',
    opens: (access) =>
      ["'signed-in'", 'staff', "'contractor-capable'", "['contractor']"].includes(access),
  },
  engineer: {
    email: 'engineer@example.com',
    opens: (access) => ["'signed-in'", 'staff', "'engineer-capable'"].includes(access),
  },
  customer: {
    email: 'customer@example.com',
    opens: (access) => ["'signed-in'", "['customer']"].includes(access),
  },
  'signed out': { email: '', opens: (access) => access === "'public'" },
};

/** Demo records to fill a route's parameters with, read as back office. */
type Params = Record<string, string>;

async function demoParams(baseURL: string): Promise<Params> {
  const office = await apiAs(baseURL, 'office@example.com');
  const first = async <T>(url: string) => {
    const res = await office.get(url);
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { items: T[] }).items[0]!;
  };
  const order = await first<{ id: string; orderNumber: string }>('/api/orders?pageSize=1');
  const customer = await first<{ id: string }>('/api/customers?pageSize=1');
  const contractor = await first<{ id: string }>('/api/contractors?pageSize=1');
  await office.dispose();
  return {
    id: order.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerId: customer.id,
    contractorId: contractor.id,
    // An unknown link: its page (the link is not valid) is what a stale link shows.
    token: 'A'.repeat(43),
  };
}

/** The contractor's own first order and the engineer's first visit, read as each of them. */
async function ownParams(baseURL: string, walker: string, params: Params): Promise<Params> {
  if (walker === 'contractor') {
    const api = await apiAs(baseURL, 'contractor@example.com');
    const res = await api.get('/api/orders?pageSize=1');
    const own = res.ok() ? ((await res.json()) as { items: { id: string }[] }).items[0] : undefined;
    await api.dispose();
    return own ? { ...params, id: own.id } : params;
  }
  if (walker === 'engineer') {
    const api = await apiAs(baseURL, 'engineer@example.com');
    const res = await api.get('/api/engineer/visits?days=7');
    const body = res.ok()
      ? ((await res.json()) as { items: { id: string; orderId: string; orderNumber: string }[] })
      : { items: [] };
    await api.dispose();
    const visit = body.items[0];
    return visit
      ? { ...params, visitId: visit.id, orderId: visit.orderId, orderNumber: visit.orderNumber }
      : params;
  }
  return params;
}

function fill(path: string, params: Params) {
  return path.replace(/\/:[a-zA-Z]+\?$/, '').replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const key = name === 'id' && path.startsWith('/customers/') ? 'customerId' : name;
    const value =
      name === 'id' && path.startsWith('/contractors/') ? params.contractorId : params[key];
    if (!value) throw new Error(`no demo value for :${name} in ${path}`);
    return value;
  });
}

/**
 * Controls a finger taps that are under 24x24 (WCAG 2.5.8), and sideways scrolling. Buttons and
 * form controls must be 24x24 themselves. A link may be smaller when it sits inside a sentence,
 * or when a 24px circle on its centre touches no other control (the criterion's exceptions).
 */
async function tapProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push(`scrolls sideways: ${document.documentElement.scrollWidth}px`);
    }
    const selector =
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=checkbox], [role=radio], [role=tab], [role=switch], summary';
    const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      const rect = el.getBoundingClientRect();
      // Not shown, or visually hidden with a visible label standing in for it.
      if (rect.width <= 2 || rect.height <= 2) return false;
      if (getComputedStyle(el).visibility === 'hidden') return false;
      return !el.closest('[aria-hidden=true], [inert]');
    });
    const rects = targets.map((el) => el.getBoundingClientRect());
    const small = (r: DOMRect) => r.width < 23.5 || r.height < 23.5;
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distanceToRect = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(
        Math.max(r.left - p.x, 0, p.x - r.right),
        Math.max(r.top - p.y, 0, p.y - r.bottom),
      );
    targets.forEach((el, i) => {
      const rect = rects[i]!;
      if (!small(rect)) return;
      const name = (el.getAttribute('aria-label') || el.textContent || el.tagName)
        .trim()
        .slice(0, 40);
      const size = `${Math.round(rect.width)}x${Math.round(rect.height)}`;
      // A box or radio inside a label: the whole label takes the tap.
      const labels =
        el instanceof HTMLInputElement || el instanceof HTMLButtonElement
          ? [...(el.labels ?? [])]
          : [];
      if (labels.some((label) => !small(label.getBoundingClientRect()))) return;
      if (el.tagName !== 'A') {
        problems.push(`"${name}" is ${size}`);
        return;
      }
      const parentText = el.parentElement?.textContent?.trim() ?? '';
      const inSentence =
        getComputedStyle(el).display === 'inline' &&
        parentText.length > (el.textContent?.trim().length ?? 0) + 1;
      if (inSentence) return;
      const c = centre(rect);
      const crowded = rects.some((other, j) => {
        if (j === i || targets[j]!.contains(el) || el.contains(targets[j]!)) return false;
        if (distanceToRect(c, other) < 12) return true;
        return small(other) && Math.hypot(c.x - centre(other).x, c.y - centre(other).y) < 24;
      });
      if (crowded) problems.push(`"${name}" is ${size} and crowded by another control`);
    });
    return problems;
  });
}

// Phones for everyone; the desktop too for the two roles that work at a desk (sort headers and
// the assignment queue's boxes are desktop controls).
// The walks are independent (each signs in on its worker's own server): spread them over both
// workers, since together they are the suite's longest file.
test.describe.configure({ mode: 'parallel' });

const viewports = [
  { width: 390, height: 844, walkers: Object.keys(walkers) },
  { width: 1280, height: 800, walkers: ['back office', 'contractor'] },
];

for (const viewport of viewports) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const walkerName of viewport.walkers) {
      const walker = walkers[walkerName]!;
      test(`${walkerName}: every route loads, fits, passes axe, taps at 24px`, async ({
        page,
        baseURL,
      }) => {
        const routes = allRoutes.filter((route) => walker.opens(route.access));
        expect(routes.length, 'routes this walker may open').toBeGreaterThan(0);
        test.setTimeout(60_000 + routes.length * 20_000);
        const params = await ownParams(baseURL, walkerName, await demoParams(baseURL));
        if (walker.email) await signIn(page, walker.email);

        const problems: string[] = [];
        for (const route of routes) {
          const path = fill(route.path, params);
          await page.goto(path);
          await expect(page.locator('h1').first(), `${path} shows its heading`).toBeVisible({
            timeout: 30_000,
          });
          await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
          for (const problem of await tapProblems(page)) problems.push(`${path}: ${problem}`);
          const axe = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            .analyze();
          for (const v of axe.violations) {
            const nodes = v.nodes.map((n) => n.target.join(' ')).join(', ');
            problems.push(`${path}: axe ${v.id}: ${nodes}`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  });
}
