import { arrivalWindowWords } from '../src/shared/visits/on-the-way';
import { ENGINEER, expectNoAxeViolations, freshVisits } from './engineer-visits';
import { apiAs, expect, signIn, test } from './fixtures';

// Issue 25: "On my way" on the engineer's next visit. Tapped offline it waits on the phone with
// the tap's time; back online it is sent, and the customer is told with an arrival window that
// starts at the tap. On a 390x844 phone and at a 1280 desk, with axe.

const OFFICE = 'office@example.com';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`"On my way" tapped offline tells the customer once back online, at ${viewport.width}px`, async ({
    page,
    context,
    baseURL,
  }) => {
    const fresh = await freshVisits(baseURL!);
    expect(fresh.length, 'an open visit for the demo engineer').toBeGreaterThan(0);

    await page.setViewportSize(viewport);
    await signIn(page, ENGINEER);
    await page.goto('/engineer');
    await expect(page.getByRole('heading', { name: 'My visits' })).toBeVisible();
    const button = page.getByRole('button', { name: 'On my way' });
    // Only the next visit offers it.
    await expect(button).toHaveCount(1);
    const cardText =
      (await page.getByRole('listitem').filter({ has: button }).getByRole('link').textContent()) ??
      '';
    const next = fresh.find((v) => cardText.includes(v.orderNumber));
    expect(next, `the next visit is one with nothing recorded: ${cardText}`).toBeDefined();
    const card = page.getByRole('listitem').filter({ hasText: next!.orderNumber });
    const firstName = next!.customer.name.split(' ')[0]!;
    await expect(card).toContainText(`Tells ${firstName} you will arrive within the hour.`);
    await expectNoAxeViolations(page, 'visit list with On my way');

    await context.setOffline(true);
    const tappedFrom = new Date();
    await button.click();
    const status = card.getByRole('status');
    await expect(status).toContainText(
      `${firstName} is told you are on the way when the phone is back online.`,
    );
    await expect(button).toHaveCount(0);
    await expectNoAxeViolations(page, 'On my way waiting offline');

    await context.setOffline(false);
    await expect(status).toContainText(`${firstName} was told at`);
    await expect(status).toContainText('that you are on the way, arriving between');

    // The customer's message carries the window from the tap (to the minute it was made). The
    // order may hold an earlier test's message too: wait for this tap's, not for any.
    const office = await apiAs(baseURL!, OFFICE);
    const tapWindows = () => [tappedFrom, new Date()].map((at) => arrivalWindowWords(at));
    await expect
      .poll(async () => {
        const res = await office.get(
          `/api/messages?orderId=${next!.orderId}&kind=engineer_on_the_way`,
        );
        const body = (await res.json()) as { messages: Array<{ body: string }> };
        const windows = tapWindows();
        return body.messages.some(
          (m) =>
            /should arrive between \d\d:\d\d and \d\d:\d\d/.test(m.body) &&
            windows.some((words) => m.body.includes(words)),
        );
      })
      .toBe(true);
    await office.dispose();
  });
}
