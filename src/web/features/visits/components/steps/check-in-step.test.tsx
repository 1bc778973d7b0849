// Issue 24 (4): a check-in on another day than the booked one asks why before it is queued, and
// the reason travels with the queued check-in. The real actions and outbox, on fake-indexeddb,
// with a transport that records what the server would get.
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookedDayWords, offDayReasonMessage } from '@shared/visits/off-day-check-in';
import { openEngineerDb, type EngineerDb, type OutboxItem } from '../../offline/db';
import { Outbox } from '../../offline/outbox';
import { visitActions } from '../../offline/visit-actions';
import type { VisitView } from '../../lib/visit-view';
import { CheckInStep } from './check-in-step';
import { londonDateOf } from '@shared/london-date';

let db: EngineerDb;
let sent: OutboxItem[];

beforeEach(() => {
  db = openEngineerDb(`check-in-test-${Math.random()}`);
  sent = [];
});
afterEach(async () => {
  db.close();
  await db.delete();
});

function renderStep(scheduledDate: string) {
  const outbox = new Outbox({
    db,
    transport: async (item) => {
      sent.push(item);
      return { status: 200, text: '{}' };
    },
  });
  const view = {
    visit: { id: 'visit-1', scheduledDate, kitExpected: [], record: { checkIn: null } },
    local: {},
    step: 'check-in',
  } as unknown as VisitView;
  const go = vi.fn();
  render(<CheckInStep view={view} actions={visitActions(db, outbox)} go={go} />);
  return { go };
}

const queued = async () => (await db.outbox.toArray()).map((item) => item.body);
const dayMs = 24 * 3600 * 1000;

describe('check-in step', () => {
  it('checks in at once on the booked day, with no question', async () => {
    const { go } = renderStep(londonDateOf(new Date()));
    await userEvent.click(screen.getByRole('button', { name: 'Check in now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('survey'));
    expect(screen.queryByLabelText(/Why are you checking in on another day/)).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).not.toHaveProperty('offDayReason');
  });

  it('on another day, warns with the booked date and queues nothing until a reason is given', async () => {
    const booked = londonDateOf(new Date(Date.now() + 3 * dayMs));
    const { go } = renderStep(booked);
    await userEvent.click(screen.getByRole('button', { name: 'Check in now' }));

    expect(screen.getByRole('alert').textContent).toContain(
      `This visit is booked for ${bookedDayWords(booked)}, not today`,
    );
    const reason = screen.getByLabelText(/Why are you checking in on another day/);
    await userEvent.click(screen.getByRole('button', { name: 'Check in with this reason' }));
    expect(await screen.findByText(offDayReasonMessage(booked))).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(await queued()).toEqual([]);
    expect(go).not.toHaveBeenCalled();

    await userEvent.type(reason, 'Customer asked for today');
    await userEvent.click(screen.getByRole('button', { name: 'Check in with this reason' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('survey'));
    // The reason travels with the check-in the outbox sends.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ offDayReason: 'Customer asked for today' });
    const progress = await db.progress.get('visit-1');
    expect(progress?.record.checkIn).toMatchObject({ offDayReason: 'Customer asked for today' });
  });

  it('lets the engineer step back without checking in', async () => {
    renderStep(londonDateOf(new Date(Date.now() - 2 * dayMs)));
    await userEvent.click(screen.getByRole('button', { name: 'Check in now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.getByRole('button', { name: 'Check in now' })).toBeTruthy();
    expect(await queued()).toEqual([]);
  });
});
