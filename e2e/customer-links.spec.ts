import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { and, desc, eq, isNotNull, notInArray } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { orders } from '../src/server/modules/orders/orders.schema';
import { customers } from '../src/server/modules/customers/customers.schema';
import { inTransaction } from '../src/server/db/transaction';
import { recordProofFailure } from '../src/server/modules/customer-links/customer-links.repository';
import { issuePublicLink } from '../src/server/modules/public-links/public-links.service';
import { linkPhotoLimits } from '../src/shared/customer-links/customer-form.contracts';
import { freePort, spawnServer } from '../tests/support/server-process';
import { apiAs, test as base, expect, signIn } from './fixtures';

// Issue 11: the customer's side at a phone's size. The customer form is opened from the email
// the server sends (a local SMTP capture); the other links are issued straight into the server's
// database, so this server runs on PostgreSQL (PG_SERVER_URL, as `npm run test:pg`) where the
// test can reach its data too.

const serverUrl = process.env.PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Journey = { url: string; data: DatabaseHandle };

const test = base.extend<object, { journey: Journey }>({
  journey: [
    // The local SMTP capture receives what the server emails the customer.
    async ({ mailbox }, use, workerInfo) => {
      const name = `uplink_e2e_journey_${process.pid}_${workerInfo.workerIndex}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
      const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
      const port = await freePort();
      const server = spawnServer({
        PORT: String(port),
        SEED_DEMO: 'true',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        SMTP_URL: mailbox.url,
        MAIL_FROM: 'Uplink <no-reply@uplink.test>',
      });
      await server.ready;
      const data = await openDatabase({ databaseUrl, maxConnections: 2 });
      await use({ url: server.url, data });
      await data.close();
      server.child.kill('SIGTERM');
      await server.exited;
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ journey }, use) => {
    await use(journey.url);
  },
});

test.use({ viewport: { width: 390, height: 844 } });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function newestOrder(
  data: DatabaseHandle,
  where: Parameters<typeof and>,
): Promise<{ id: string; orderNumber: string; postcode: string; email: string | null }> {
  const [row] = await data.db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      postcode: customers.postcode,
      email: customers.email,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(...where))
    .orderBy(desc(orders.receivedAt))
    .limit(1);
  expect(row, 'a demo order at this step').toBeTruthy();
  return row!;
}

/** A working day (Mon–Fri) at least two days ahead, as the date input wants it. */
function workingDay() {
  let d = new Date(Date.now() + 2 * 24 * 3600 * 1000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d = new Date(d.getTime() + 24 * 3600 * 1000);
  return d.toISOString().slice(0, 10);
}
function saturday() {
  let d = new Date(Date.now() + 2 * 24 * 3600 * 1000);
  while (d.getUTCDay() !== 6) d = new Date(d.getTime() + 24 * 3600 * 1000);
  return d.toISOString().slice(0, 10);
}

test('customer form from its email: mistakes, then sent; back office sees the order move', async ({
  page,
  journey,
  mailbox,
}) => {
  const order = await newestOrder(journey.data, [
    eq(orders.status, 'received'),
    isNotNull(customers.email),
  ]);
  // Back office sends the link again; the customer's email carries the new one.
  const office = await apiAs(journey.url, 'office@example.com');
  const since = new Date();
  const resend = await office.post(`/api/orders/${order.id}/links/customer_form/resend`);
  expect(resend.status(), await resend.text()).toBe(202);
  await office.dispose();
  const mail = await mailbox.waitForMessage(order.email!, { since, timeoutMs: 60_000 });
  const emailed = /https?:\/\/\S+\/customer-form\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(emailed, mail.text).toBeTruthy();
  await page.goto(new URL(emailed!).pathname);
  await expect(page.getByRole('heading', { name: 'Your installation details' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-customer-form-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-customer-form-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByLabel('First name').fill('');
  await page.getByLabel('Mobile number').fill('0123');
  await page.getByLabel('Postcode').fill('NOT A CODE');
  await page.getByLabel('Date 1', { exact: true }).fill(saturday());
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText(/valid UK mobile number/)).toBeVisible();
  await expect(page.getByText('Please enter a valid UK postcode')).toBeVisible();
  await expect(page.getByText('Choose the type of property')).toBeVisible();
  await expect(page.getByText('We do not install on Saturdays')).toBeVisible();
  await expect(
    page.getByText('Please agree to the terms of installation to continue'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing typed is lost on a reload.
  await page.getByLabel('Where would you like the dish?').fill('On the back wall, facing south');
  await page.reload();
  await expect(page.getByLabel('Where would you like the dish?')).toHaveValue(
    'On the back wall, facing south',
  );

  await page.getByLabel('First name').fill('Jamie');
  await page.getByLabel('Mobile number').fill('07700 900555');
  await page.getByLabel('Postcode').fill(order.postcode);
  await page.getByLabel('Type of property').selectOption('detached');
  await page.getByRole('radio', { name: 'I rent it' }).check();
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(page.getByText('Please confirm your landlord has given permission')).toBeVisible();
  await page.getByLabel('My landlord has given permission for a satellite dish').check();
  await page.getByRole('radio', { name: 'Not sure' }).check();
  await page.getByLabel('Access notes').fill('Friendly dog; park on the drive');
  await page.getByLabel('Date 1', { exact: true }).fill(workingDay());
  await page.getByLabel(/I agree to the terms/).check();
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you, we have your details' }),
  ).toBeVisible();
  await expect(page.getByText('+447700900555')).toBeVisible();
  await expectNoAxeViolations(page);

  await signIn(page, 'office@example.com');
  await page.goto(`/orders/${order.id}`);
  // With no requested date before, the timeline adds that the customer's first date filled it.
  await expect(page.getByText(/^Customer form submitted[.;]/).first()).toBeVisible();
  // Issue 24: what the customer sent reaches the office, in words.
  await expect(page.getByRole('heading', { name: 'From the customer' })).toBeVisible();
  await expect(page.getByText('Friendly dog; park on the drive')).toBeVisible();
  await expect(
    page.getByText('Rents the property; the landlord has given permission'),
  ).toBeVisible();
});

test('customer form: at the photo limit the form says so and takes no more', async ({
  page,
  journey,
}) => {
  const order = await newestOrder(journey.data, [eq(orders.status, 'received')]);
  const link = await inTransaction(journey.data.db, (tx) =>
    issuePublicLink(tx, { orderId: order.id, purpose: 'customer_form' }),
  );
  const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#48a' } })
    .jpeg()
    .toBuffer();
  // The link's allowance used up as a customer retaking photos would (issue 18).
  for (let i = 0; i < linkPhotoLimits.maxPhotos; i += 1) {
    const sent = await page.request.post(`/api/public${link.path}/photos`, {
      data: { dataBase64: photo.toString('base64') },
      headers: { origin: journey.url },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  await page.goto(link.path);
  await expect(page.getByRole('heading', { name: 'Your installation details' })).toBeVisible();
  const photos = page.getByLabel('Photos of where you would like the dish (optional)');
  await photos.setInputFiles({ name: 'roof.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('alert').filter({ hasText: 'all the photos it can' })).toHaveText(
    'This form has taken all the photos it can (12 photos or 60 MB). Please send it with the photos already added.',
  );
  await expect(photos).toBeDisabled();
  await expect(page.getByText('No more photos can be added to this form.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-photo-limit-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-photo-limit-1280.png', fullPage: true });
});

test('kit arrived: one tap confirms delivery', async ({ page, journey }) => {
  const order = await newestOrder(journey.data, [
    eq(orders.kitStatus, 'dispatched'),
    notInArray(orders.status, ['completed', 'closed', 'cancelled']),
  ]);
  const link = await inTransaction(journey.data.db, (tx) =>
    issuePublicLink(tx, { orderId: order.id, purpose: 'kit_arrived' }),
  );
  await page.goto(link.path);
  await expect(page.getByRole('heading', { name: 'Has your kit arrived?' })).toBeVisible();
  await expect(page.getByText(order.orderNumber)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-kit-arrived-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-kit-arrived-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Yes, my kit has arrived' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you, your kit has arrived' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // A link that does not open says why and how to get a new one.
  await page.goto(`/kit-arrived/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'We could not find this link' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get a new link' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('portal: wrong postcode, then the right one, then a reschedule request back office sees', async ({
  page,
  journey,
}) => {
  const order = await newestOrder(journey.data, [eq(orders.status, 'scheduled')]);
  await page.goto(`/customer/${order.orderNumber}`);
  await expect(page.getByRole('heading', { name: 'Track your installation' })).toBeVisible();
  await expectNoAxeViolations(page);
  const wrong = order.postcode === 'SW1A 1AA' ? 'EC1A 1BB' : 'SW1A 1AA';
  await page.getByLabel('Postcode').fill(wrong);
  await page.getByRole('button', { name: 'Show my order' }).click();
  await expect(page.getByText(/does not match this order number/)).toBeVisible();
  await page.getByLabel('Postcode').fill(order.postcode.toLowerCase());
  await page.getByRole('button', { name: 'Show my order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your appointment' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-portal-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-portal-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByLabel('Date that suits you 1').fill(workingDay());
  await page.getByLabel('Note (optional)').fill('Away the first week, any day after');
  await page.getByRole('button', { name: 'Ask to reschedule' }).click();
  await expect(page.getByText('Thank you. We have your request')).toBeVisible();
  await expect(page.getByText('You asked to change the installation date.')).toBeVisible();

  await signIn(page, 'office@example.com');
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByText(/The customer asked to reschedule/).first()).toBeVisible();
  await expect(page.getByText(/Away the first week/).first()).toBeVisible();
});

test('portal locked by ten wrong postcodes: Send me a link, and the emailed link opens the order', async ({
  page,
  journey,
  mailbox,
}) => {
  const order = await newestOrder(journey.data, [
    eq(orders.status, 'assigned'),
    isNotNull(customers.email),
  ]);
  // Issue 18: someone tried ten wrong postcodes for this order from ten addresses.
  for (let i = 1; i <= 10; i += 1) {
    await recordProofFailure(journey.data.db, order.orderNumber, `198.51.100.${i}`, new Date());
  }
  await page.goto(`/customer/${order.orderNumber}`);
  await expect(page.getByRole('heading', { name: 'Postcode not working?' })).toBeVisible();
  await page.getByLabel('Postcode').fill(order.postcode);
  await page.getByRole('button', { name: 'Show my order' }).click();
  await expect(page.getByText(/so it is locked for a while/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get in with a link instead' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-portal-locked-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-portal-locked-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  const since = new Date();
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText(
    `If ${order.orderNumber} is one of our orders, a link is on its way`,
  );
  await expectNoAxeViolations(page);

  const mail = await mailbox.waitForMessage(order.email!, { since, timeoutMs: 60_000 });
  const emailed = /https?:\/\/\S+\/customer\/\S+\?e=\d+&s=[\w-]+/.exec(mail.text)?.[0];
  expect(emailed, mail.text).toBeTruthy();
  const link = new URL(emailed!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/customer/${order.orderNumber}$`));
});

/** A working day as the customer types it, dd/mm/yyyy (issue 24). */
function workingDayUk() {
  const [year, month, day] = workingDay().split('-');
  return `${day}/${month}/${year}`;
}

/** The answers the demo order does not carry already, with the date typed in UK form. */
async function fillCustomerForm(page: Page) {
  await page.getByLabel('Type of property').selectOption('detached');
  await page.getByRole('radio', { name: 'I own it' }).check();
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByLabel('Where would you like the dish?').fill('On the back wall');
  await page.getByLabel('Date 1', { exact: true }).fill(workingDayUk());
  await page.getByLabel(/I agree to the terms/).check();
}

test('customer form (issue 24): UK dates, the terms to read, and offline it says it will send', async ({
  page,
  context,
  journey,
}) => {
  const order = await newestOrder(journey.data, [eq(orders.status, 'received')]);
  const link = await inTransaction(journey.data.db, (tx) =>
    issuePublicLink(tx, { orderId: order.id, purpose: 'customer_form' }),
  );
  await page.goto(link.path);
  await expect(page.getByRole('heading', { name: 'Your installation details' })).toBeVisible();

  // A date the form cannot read is refused in the words people type dates in.
  const date = page.getByLabel('Date 1', { exact: true });
  await expect(date).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await date.fill('7 Jan');
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(page.getByText('Enter a date as dd/mm/yyyy, for example 01/12/2026')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('YYYY-MM-DD');
  await expect(
    page.getByText('Please agree to the terms of installation to continue'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The terms agreed to are a page to read first, in a new tab.
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /Read the terms of installation/ }).click(),
  ]);
  await expect(
    terms.getByRole('heading', { name: 'Terms of installation', level: 1 }),
  ).toBeVisible();
  await expect(terms.getByRole('heading', { name: 'The installation' })).toBeVisible();
  await expectNoAxeViolations(terms);
  await terms.screenshot({ path: 'test-results/journey-terms-390.png', fullPage: true });
  await terms.close();

  // Offline: the send waits and says so, then goes when the connection is back.
  await fillCustomerForm(page);
  await expect(date).toHaveValue(workingDayUk());
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(page.getByRole('button', { name: 'Waiting for a connection…' })).toBeDisabled();
  await expect(
    page.getByText("You're offline. We'll send this when you're back online."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/journey-customer-form-offline-390.png' });
  await context.setOffline(false);
  await expect(
    page.getByRole('heading', { name: 'Thank you, we have your details' }),
  ).toBeVisible();
  const [year, month, day] = workingDay().split('-').map(Number);
  const sent = formatUkDayForTest(year!, month!, day!);
  await expect(page.getByText(new RegExp(sent))).toBeVisible();
});

/** `Mon 30 Nov`, as the sent page lists a date. */
function formatUkDayForTest(year: number, month: number, day: number) {
  const at = new Date(Date.UTC(year, month - 1, day));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getUTCDay()];
  const name = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    month - 1
  ];
  return `${weekday} ${day} ${name}`;
}

test('customer form (issue 24): of two tabs sending at once, the one that lost is told so', async ({
  page,
  context,
  journey,
}) => {
  const order = await newestOrder(journey.data, [eq(orders.status, 'received')]);
  const link = await inTransaction(journey.data.db, (tx) =>
    issuePublicLink(tx, { orderId: order.id, purpose: 'customer_form' }),
  );
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto(link.path);
    await expect(tab.getByRole('heading', { name: 'Your installation details' })).toBeVisible();
    await fillCustomerForm(tab);
  }
  await Promise.all(
    [page, other].map((tab) => tab.getByRole('button', { name: 'Send my details' }).click()),
  );
  const thanks = (tab: Page) =>
    tab.getByRole('heading', { name: 'Thank you, we have your details' });
  const lost = (tab: Page) =>
    tab.getByRole('heading', { name: 'This form was already sent from another tab or device.' });
  await expect(thanks(page).or(lost(page))).toBeVisible();
  await expect(thanks(other).or(lost(other))).toBeVisible();
  const outcomes = await Promise.all(
    [page, other].map(async (tab) => ((await lost(tab).isVisible()) ? 'lost' : 'won')),
  );
  expect([...outcomes].sort()).toEqual(['lost', 'won']);
  const loser = outcomes[0] === 'lost' ? page : other;
  await expect(thanks(loser)).toHaveCount(0);
  await expect(
    loser.getByText('The answers in this tab were not sent.', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(loser);
  await loser.screenshot({ path: 'test-results/journey-customer-form-second-tab-390.png' });
});
