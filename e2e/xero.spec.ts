import type { APIRequestContext } from '@playwright/test';
import type { XeroSyncLog } from '../src/shared/xero/xero.contracts';
import { expectNoAxeViolations } from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';
import { completeThroughApi, ok } from './visit-record';

// Issue 22: Xero is a local stand-in (tests/support/xero-stand-in.ts) that the worker's server is
// pointed at. Back office connects through the stand-in's consent redirect, sets the accounts,
// an order is completed through the app, and the sync log shows its invoice (refused: an
// unknown account code, then retried) and its bill; at 1280 px, with axe.

/** A new order taken all the way to completed through the app's own API. */
async function completeAnOrder(baseURL: string, office: APIRequestContext) {
  const stamp = Date.now();
  const [partners, jobTypes] = await Promise.all([
    (await office.get('/api/partners')).json(),
    (await office.get('/api/job-types')).json(),
  ]);
  const partner = (partners.items as { id: string; code: string }[]).find(
    (p) => p.code !== 'DIRECT',
  )!;
  const created = await ok<{ id: string; orderNumber: string }>(
    await office.post('/api/orders', {
      data: {
        partnerId: partner.id,
        partnerReference: `XERO-${stamp}`,
        jobTypeId: jobTypes.items[0].id,
        customer: {
          firstName: 'Morwenna',
          lastName: `Pascoe ${stamp}`,
          email: `morwenna.${stamp}@example.com`,
          address: { line1: '3 Lemon Street', town: 'Truro', postcode: 'TR1 2LS' },
        },
      },
    }),
  );
  await completeThroughApi(baseURL, office, created.id, ['kit/customer-supplied']);
  return created;
}

test.describe('Xero', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);

  test('connects through Xero and saves the accounts (1280, axe)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'office@example.com');
    await page.goto('/xero-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Xero settings' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Not connected.')).toBeVisible();
    await expectNoAxeViolations(page, '/xero-settings, not connected');

    // To the stand-in's consent page, which sends the browser straight back with code and state.
    await page.getByRole('button', { name: 'Connect to Xero' }).click();
    await page.waitForURL('**/xero-settings?xero=connected');
    await expect(page.getByRole('status').filter({ hasText: 'Connected to Xero.' })).toBeVisible();
    await expect(page.getByText('Connected to Uplink Demo Ltd since')).toBeVisible();

    // The choices are the organisation's own accounts and tax rates.
    await page.getByLabel('Sales account').selectOption('200');
    await page.getByLabel('Tax rate on sales').selectOption('OUTPUT2');
    await page.getByLabel('Purchases account').selectOption('310');
    await page.getByLabel('Tax rate on purchases').selectOption('INPUT2');
    await page.getByLabel('Invoice status').selectOption('AUTHORISED');
    await page.getByLabel('Due after (days)').fill('14');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expectNoAxeViolations(page, '/xero-settings, connected');
  });

  test('a completed order becomes an invoice and a bill; the sync log shows a refusal and retries it (1280, axe)', async ({
    page,
    baseURL,
    xero,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const office = await apiAs(baseURL, 'office@example.com');
    // The sales account is gone from Xero since it was chosen: the invoice will be refused.
    const sales = xero.accounts.find((account) => account.Code === '200')!;
    xero.accounts.splice(xero.accounts.indexOf(sales), 1);
    const order = await completeAnOrder(baseURL, office);

    // The event's subscriber records both; the job queue sends them.
    await expect
      .poll(
        async () => {
          const log = (await (await office.get('/api/xero/sync-log')).json()) as XeroSyncLog;
          return log.items
            .filter((item) => item.orderNumber === order.orderNumber)
            .map((item) => `${item.kind}:${item.status}`)
            .sort();
        },
        { timeout: 60_000 },
      )
      .toEqual(['bill:sent', 'invoice:failed']);
    expect(xero.documents.filter((d) => d.body.InvoiceNumber === order.orderNumber)).toHaveLength(
      1,
    );

    await signIn(page, 'office@example.com');
    // The back-office dashboard says a person is needed.
    await page.goto('/back-office');
    await expect(page.getByRole('link', { name: /Xero needs attention/ })).toBeVisible({
      timeout: 30_000,
    });

    await page.goto('/xero-settings');
    const log = page.getByRole('table', { name: 'Xero sync log' });
    const invoiceRow = log.getByRole('row').filter({ hasText: order.orderNumber }).filter({
      hasText: 'Sales invoice',
    });
    const billRow = log.getByRole('row').filter({ hasText: order.orderNumber }).filter({
      hasText: 'Bill',
    });
    await expect(invoiceRow.getByText('Needs attention')).toBeVisible();
    await expect(
      invoiceRow.getByText("Xero refused it: Account code '200' is not a valid code"),
    ).toBeVisible();
    await expect(billRow.getByText('Sent', { exact: true })).toBeVisible();
    await expect(billRow.getByText(order.orderNumber, { exact: true }).first()).toBeVisible();
    // What was sent and what came back, call by call.
    await invoiceRow.getByText(/calls? to Xero/).click();
    await expect(
      invoiceRow.getByText('PUT /api.xro/2.0/Invoices → 400', { exact: false }),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/xero-settings, sync log with a failure');

    // Put the account back in Xero and retry: the invoice goes, once.
    xero.accounts.push(sales);
    await invoiceRow.getByRole('button', { name: /Retry the sales invoice/ }).click();
    await expect(invoiceRow.getByText('Sent', { exact: true })).toBeVisible();
    await expect(invoiceRow.getByText(/^INV-\d{4}$/)).toBeVisible();
    expect(
      xero.documents.filter(
        (d) => d.Type === 'ACCREC' && String(d.body.Reference).startsWith(order.orderNumber),
      ),
    ).toHaveLength(1);
    await expectNoAxeViolations(page, '/xero-settings, sync log after retry');
    // The contractor's Xero contact was made by the bill (none had its name).
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Tamar Satellite Services Ltd (Contractor)' }),
    ).toContainText('created in Xero');

    // The order shows what went to Xero.
    await page.goto(`/orders/${order.id}`);
    const section = page.getByRole('heading', { name: 'Xero', exact: true }).locator('../..');
    await expect(section.getByText(/Number INV-\d{4}/)).toBeVisible({ timeout: 30_000 });
    await office.dispose();
  });

  test('disconnecting revokes at Xero', async ({ page, xero }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'office@example.com');
    await page.goto('/xero-settings');
    const before = xero.revoked.length;
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('Not connected.')).toBeVisible();
    expect(xero.revoked.length).toBe(before + 1);
  });
});
