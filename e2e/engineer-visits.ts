import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  visitPaths,
  type EngineerVisit,
  type EngineerVisitsResponse,
} from '../src/shared/visits/visit-record';
import { apiAs, expect } from './fixtures';

// What the engineer app's browser tests share: the demo engineer, their open visits, and axe.
export const ENGINEER = 'engineer@example.com';

export async function expectNoAxeViolations(page: Page, screen: string) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${screen}`,
  ).toEqual([]);
}

/** Open visits of the engineer that nothing has been recorded on yet (the server's view). */
export async function freshVisits(baseURL: string): Promise<EngineerVisit[]> {
  const api = await apiAs(baseURL, ENGINEER);
  const res = await api.get(`${visitPaths.engineerVisits}?days=7`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as EngineerVisitsResponse;
  await api.dispose();
  return body.items.filter(
    (v) => v.status === 'scheduled' && !v.record.checkIn && !v.record.outcome,
  );
}

/** Today in the UK (YYYY-MM-DD), the day visits are booked by. */
export const londonToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/**
 * Taps "Check in now" on the visit's screen. A visit booked for another day asks why first
 * (issue 24): the reason is given, and the check-in goes with it.
 */
export async function checkInNow(
  page: Page,
  visit: EngineerVisit,
  reason = 'The customer asked me to come on another day',
) {
  await page.getByRole('button', { name: 'Check in now' }).click();
  if (visit.scheduledDate === londonToday()) return;
  await page.getByLabel('Why are you checking in on another day?').fill(reason);
  await page.getByRole('button', { name: 'Check in with this reason' }).click();
}
