// Decision 057: the web client sends an Idempotency-Key with every change, the same key for a
// double submit, so the server does the action once and answers every submit with that one
// answer. The dialog's button is disabled while a submit is pending; the form is submitted
// twice from a script here, faster than any re-render, to prove the server holds it alone.
import { expect, signIn, test } from './fixtures';

const office = 'office@example.com';

test('an order action submitted twice happens once, and both submits get its answer', async ({
  page,
}) => {
  await signIn(page, office);
  const origin = new URL((await page.request.get('/healthz')).url()).origin;
  const partners = (await (await page.request.get('/api/partners')).json()) as {
    items: { id: string; active: boolean }[];
  };
  const jobTypes = (await (await page.request.get('/api/job-types')).json()) as {
    items: { id: string; active: boolean }[];
  };
  const created = await page.request.post('/api/orders', {
    headers: { Origin: origin },
    data: {
      partnerId: partners.items.find((p) => p.active)!.id,
      jobTypeId: jobTypes.items.find((j) => j.active)!.id,
      customer: {
        firstName: 'Demelza',
        lastName: `Twice${Date.now().toString(36)}`,
        email: `e2e-twice-${Date.now()}@example.com`,
        address: { line1: '2 Quay Street', town: 'Fowey', postcode: 'PL23 1AA' },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: string; orderNumber: string };

  const holdUrl = `/api/orders/${order.id}/hold`;
  const sent: string[] = [];
  const answers: { status: number; replayed: boolean }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === holdUrl)
      sent.push(request.headers()['idempotency-key'] ?? '(none)');
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== holdUrl) return;
    answers.push({
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'] === 'true',
    });
  });

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: order.orderNumber })).toBeVisible();
  await page
    .getByRole('region', { name: 'Next steps' })
    .getByRole('button', { name: 'Put on hold' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Customer away until next week');
  await dialog.locator('form').evaluate((form: HTMLFormElement) => {
    form.requestSubmit();
    form.requestSubmit();
  });

  await expect(dialog).toBeHidden();
  await expect(page.getByText('On hold', { exact: true }).first()).toBeVisible();
  // Both submits end in a 200: the first run's, and its replay (after a 409 "still running"
  // if the second arrived while the first was running).
  await expect.poll(() => answers.filter((answer) => answer.status === 200).length).toBe(2);
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(new Set(sent).size).toBe(1);
  expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
  const done = answers.filter((answer) => answer.status === 200);
  expect(done.filter((answer) => !answer.replayed)).toHaveLength(1);
  expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
  await expect(page.getByText('Put on hold failed')).toHaveCount(0);

  // One hold event on the order.
  const detail = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as {
    status: string;
    timeline: { type: string }[];
  };
  expect(detail.status).toBe('on_hold');
  expect(detail.timeline.filter((event) => event.type === 'hold')).toHaveLength(1);
});
