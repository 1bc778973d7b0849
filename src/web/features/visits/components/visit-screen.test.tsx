// The visit screen follows the server (decision 059): online, "Check in now" waits for the
// server's answer; a refusal shows with the server's reason and the visit stays at check-in
// until the engineer dismisses it; an accepted check-in moves on to the survey. The real device
// store (fake-indexeddb), the real outbox and actions; only the network is a stand-in.
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { EngineerVisit } from '@shared/visits/visit-record';
import { openEngineerDb, type EngineerDb } from '../offline/db';
import { Outbox, type TransportAnswer } from '../offline/outbox';
import { visitActions } from '../offline/visit-actions';
import { VisitList } from './visit-list';
import { VisitScreen } from './visit-screen';
import { londonDateOf } from '@shared/london-date';

let db: EngineerDb;
let answers: TransportAnswer[];

const visit = {
  id: 'visit-1',
  orderId: 'order-1',
  orderNumber: 'UPL-2026-000123',
  orderStatus: 'scheduled',
  // Booked for today: a check-in on another day first asks why (check-in-step.test.tsx).
  scheduledDate: londonDateOf(new Date()),
  slot: 'am',
  status: 'scheduled',
  jobType: { code: 'INSTALL', name: 'Standard install' },
  customer: { name: 'Morwenna Penrose', phone: null, email: null },
  address: { lines: ['1 Harbour Road'], town: 'Exeter', postcode: 'EX1 1AA', mapsUrl: '#' },
  accessNotes: null,
  kitExpected: [],
  customerForm: null,
  record: { checkIn: null, survey: null, serials: null, photos: [], outcome: null, signOff: null },
} as unknown as EngineerVisit;

function renderScreen(step: 'check-in' | null = 'check-in') {
  const outbox = new Outbox({
    db,
    transport: () => Promise.resolve(answers.shift() ?? { status: 200, text: '{}' }),
  });
  const actions = visitActions(db, outbox);
  const location = memoryLocation({ path: `/engineer/visits/visit-1/${step}`, record: true });
  const view = render(
    <Router hook={location.hook}>
      <VisitScreen db={db} actions={actions} visitId="visit-1" step={step} />
    </Router>,
  );
  return { location, actions, view, outbox };
}

beforeEach(async () => {
  db = openEngineerDb(`visit-screen-${Math.random()}`);
  answers = [];
  await db.visits.put({ id: 'visit-1', date: visit.scheduledDate, data: visit, refreshedAt: 1 });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('check-in follows the server', () => {
  it('shows a refusal with the server’s reason, does not move on, and keeps it until dismissed', async () => {
    answers = [
      {
        status: 409,
        text: '{"code":"VISIT_NOT_OPEN","message":"This visit is cancelled; its record can no longer change."}',
      },
    ];
    const { location } = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Check in now' }));

    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    expect(attention.textContent).toContain(
      'Check in was refused by the server: This visit is cancelled; its record can no longer change.',
    );
    expect(await screen.findByRole('button', { name: 'Check in now' })).toBeTruthy();
    expect(screen.queryByText(/Checked in at/)).toBeNull();
    expect(location.history).toEqual(['/engineer/visits/visit-1/check-in']);
    expect((await db.progress.get('visit-1'))?.step).toBe('check-in');

    await userEvent.click(within(attention).getByRole('button', { name: /^Dismiss/ }));
    expect(await db.outbox.count()).toBe(0);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Needs your attention' })).toBeNull(),
    );
  });

  it('moves on to the survey once the server has accepted the check-in', async () => {
    const { location } = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Check in now' }));
    await screen.findByText(/Checked in at/);
    expect(location.history.at(-1)).toBe('/engineer/visits/visit-1/survey');
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline, moves on at once; a later refusal brings the visit back to check-in with the reason', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { location, outbox } = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Check in now' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/engineer/visits/visit-1/survey'));
    expect(await db.outbox.count()).toBe(1);
    online.mockRestore();

    answers = [{ status: 409, text: '{"message":"This visit is cancelled."}' }];
    await outbox.drain();
    expect((await db.progress.get('visit-1'))?.step).toBe('check-in');
    expect(
      (await screen.findByRole('region', { name: 'Needs your attention' })).textContent,
    ).toContain('Check in was refused by the server: This visit is cancelled.');
    expect(await screen.findByRole('button', { name: 'Check in now' })).toBeTruthy();
  });

  it('opens at check-in, whatever step is asked, until the visit is checked in', async () => {
    const outbox = new Outbox({
      db,
      transport: () => Promise.resolve({ status: 200, text: '{}' }),
    });
    const location = memoryLocation({ path: '/engineer/visits/visit-1/survey' });
    render(
      <Router hook={location.hook}>
        <VisitScreen db={db} actions={visitActions(db, outbox)} visitId="visit-1" step="survey" />
      </Router>,
    );
    expect(await screen.findByRole('heading', { name: 'Check in', level: 2 })).toBeTruthy();
  });
});

describe('the list follows the server', () => {
  it('shows why a visit left the phone, and a refused visit is not “In progress”', async () => {
    await db.visits.put({
      id: 'visit-2',
      date: visit.scheduledDate,
      data: { ...visit, id: 'visit-2', orderNumber: 'UPL-2026-000124' },
      refreshedAt: 1,
    });
    await db.progress.put({ visitId: 'visit-1', step: 'check-in', record: {}, updatedAt: 1 });
    await db.notices.add({
      visitId: 'visit-9',
      at: 1,
      message:
        'The job UPL-2026-000999 for Ann Other was cancelled by the office on 26/11. It has been removed from your list.',
    });
    const outbox = new Outbox({
      db,
      transport: () => Promise.resolve({ status: 200, text: '{}' }),
    });
    const location = memoryLocation({ path: '/engineer' });
    render(
      <Router hook={location.hook}>
        <VisitList db={db} actions={visitActions(db, outbox)} onRefresh={async () => {}} />
      </Router>,
    );
    const attention = await screen.findByRole('region', { name: 'Needs your attention' });
    expect(attention.textContent).toContain('was cancelled by the office on 26/11');
    await screen.findByText(/UPL-2026-000124/);
    expect(screen.queryByText('In progress')).toBeNull();
    expect(screen.getAllByText('To do')).toHaveLength(2);
    await userEvent.click(within(attention).getByRole('button', { name: /^Dismiss/ }));
    expect(await db.notices.count()).toBe(0);
  });
});
