import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { EngineerVisitsResponse } from '../src/shared/visits/visit-record';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 13: the demo completed installation's record and order summary, with the completion
// certificate PDF (its text read back), at a phone and a desktop width, with no axe violations.

async function demoCompletedOrder(baseURL: string) {
  const api = await apiAs(baseURL, 'engineer@example.com');
  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - 24 * 3600 * 1000),
  );
  const res = await api.get(`/api/engineer/visits?from=${yesterday}&days=1`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as EngineerVisitsResponse;
  await api.dispose();
  const visit = body.items.find((v) => v.customer.name === 'Petroc Hocking');
  expect(visit, 'the demo completed installation').toBeDefined();
  return visit!;
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  // Headings in order under the page's one h1 (issue 24: an h3 came straight after the h1).
  const headings = await new AxeBuilder({ page })
    .withRules(['heading-order', 'page-has-heading-one'])
    .analyze();
  expect(headings.violations.map((v) => v.id)).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844, who: 'engineer@example.com' },
  { width: 1280, height: 800, who: 'office@example.com' },
]) {
  test.describe(`installation record at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('shows the visit record and the order summary, and the certificate carries it all', async ({
      page,
      baseURL,
    }) => {
      const visit = await demoCompletedOrder(baseURL);
      await signIn(page, viewport.who);

      await page.goto(`/installation/${visit.orderId}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Installation details' }),
      ).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByText('Visit 1:')).toBeVisible();
      for (const text of [
        'Risk assessment confirmed',
        'UTD-2291-88410',
        'UTR-7731-20554',
        '187.6 Mbit/s',
        'within min 50',
        'Signed by',
        'Petroc Hocking',
      ])
        await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
      await expect(main.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(8);
      await expect(main.getByRole('img', { name: 'Signature of Petroc Hocking' })).toBeVisible();
      await expectNoAxeViolations(page);

      // The lightbox: opens on a photo, moves with the arrow keys, closes with Escape.
      await main.getByRole('button', { name: /Dish installed/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Dish installed' });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByRole('img', { name: 'Dish installed photo, full size' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('dialog', { name: 'Cable entry' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto(`/order-summary/${encodeURIComponent(visit.orderNumber)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Order summary' })).toBeVisible();
      // The summary names the serial and the visit's record below names it again.
      await expect(page.getByRole('main').getByText('UTD-2291-88410').first()).toBeVisible();
      await expectNoAxeViolations(page);

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Completion certificate (PDF)' }).click();
      const file = await (await download).path();
      const { text } = await extractText(
        await getDocumentProxy(new Uint8Array(await readFile(file))),
        {
          mergePages: true,
        },
      );
      for (const expected of [
        'Installation completion certificate',
        visit.orderNumber,
        'Petroc Hocking',
        'Lower Treworgey',
        'UTD-2291-88410',
        'UTR-7731-20554',
        '187.6 Mbit/s',
        '41 ms',
        'Dish installed',
        'Signed by',
        `${visit.record.engineer.firstName} ${visit.record.engineer.lastName}`,
      ])
        expect(text).toContain(expected);
    });
  });
}
