// Decision 059: the phone follows the server. A refused change is taken back on the device and
// stays in the outbox, refused, until dismissed; a visit the server no longer lists leaves with
// a note, and unsent work on it is kept and marked not sent. fake-indexeddb, a fake transport.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineerVisit, RemovedVisit } from '@shared/visits/visit-record';
import { openEngineerDb, type EngineerDb } from './db';
import { Outbox, type TransportAnswer } from './outbox';
import { visitActions } from './visit-actions';
import { applyVisitList, visitGoneNote } from './visit-list-sync';

let db: EngineerDb;
let answers: TransportAnswer[];

const refusal = {
  status: 409,
  text: JSON.stringify({
    code: 'VISIT_NOT_OPEN',
    message: 'This visit is cancelled; its record can no longer change.',
  }),
};

function setup() {
  const outbox = new Outbox({
    db,
    transport: () => Promise.resolve(answers.shift() ?? { status: 200, text: '{}' }),
  });
  return { outbox, actions: visitActions(db, outbox) };
}

const visit = (id: string, name = 'Morwenna Penrose') =>
  ({
    id,
    orderNumber: `UPL-2026-${id}`,
    scheduledDate: '2026-11-27',
    customer: { name },
  }) as unknown as EngineerVisit;

async function hold(...ids: string[]) {
  await db.visits.bulkPut(
    ids.map((id) => ({ id, date: '2026-11-27', data: visit(id), refreshedAt: 1 })),
  );
}

const gone = (id: string, reason: RemovedVisit['reason'], movedTo: string | null = null) => ({
  id,
  orderNumber: `UPL-2026-${id}`,
  reason,
  at: '2026-11-26T10:00:00Z',
  movedTo,
});

beforeEach(() => {
  db = openEngineerDb(`follows-server-${Math.random()}`);
  answers = [];
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('a refused change', () => {
  it('is taken back on the device, reopens the visit at its step, and stays until dismissed', async () => {
    const { outbox, actions } = setup();
    await hold('v1');
    const id = await actions.checkIn('v1', null);
    expect((await db.progress.get('v1'))?.step).toBe('survey');
    answers = [refusal];

    expect(await actions.settle(id)).toBe('refused');

    const progress = await db.progress.get('v1');
    expect(progress?.record).not.toHaveProperty('checkIn');
    expect(progress?.step).toBe('check-in');
    const [item] = await outbox.all();
    expect(item).toMatchObject({
      status: 'failed',
      label: 'Check in',
      lastError: '409: This visit is cancelled; its record can no longer change.',
    });
    // A drain does not send it again, and it stays until the engineer dismisses it.
    await outbox.drain();
    expect(await outbox.all()).toHaveLength(1);
    await actions.dismiss({ seq: item!.seq! });
    expect(await outbox.all()).toHaveLength(0);
  });

  it('reopens at the earlier step when two changes on one visit are refused', async () => {
    const { actions } = setup();
    const checkIn = await actions.checkIn('v1', null);
    await actions.saveSerials('v1', { dish: 'D1', router: 'R1' } as never);
    answers = [refusal, refusal];
    expect(await actions.settle(checkIn)).toBe('refused');
    const progress = await db.progress.get('v1');
    expect(progress?.step).toBe('check-in');
    expect(progress?.record).toEqual({});
  });

  it('answers accepted once the server takes it, and waiting when the server is down', async () => {
    const { actions } = setup();
    expect(await actions.settle(await actions.checkIn('v1', null))).toBe('accepted');
    expect((await db.progress.get('v1'))?.record).toHaveProperty('checkIn');
    answers = [{ status: 503, text: 'down' }];
    expect(await actions.settle(await actions.saveSurvey('v1', {} as never))).toBe('waiting');
    expect((await db.progress.get('v1'))?.record).toHaveProperty('survey');
  });
});

describe('the list follows the server', () => {
  it('removes a cancelled visit with a note, and keeps its unsent work marked not sent', async () => {
    const { actions, outbox } = setup();
    await hold('v1', 'v2');
    await actions.checkIn('v1', null);

    await applyVisitList(db, { items: [visit('v2')], removed: [gone('v1', 'cancelled')] }, 5);

    expect(await db.visits.toCollection().primaryKeys()).toEqual(['v2']);
    expect(await db.progress.get('v1')).toBeUndefined();
    const [notice] = await db.notices.toArray();
    expect(notice).toMatchObject({
      visitId: 'v1',
      message:
        'The job UPL-2026-v1 for Morwenna Penrose was cancelled by the office on 26/11. It has been removed from your list.',
    });
    const [item] = await outbox.all();
    expect(item).toMatchObject({ status: 'failed', label: 'Check in' });
    expect(item!.lastError).toMatch(/^Not sent\. The job UPL-2026-v1 .* was cancelled/);
    // Not sent on the next drain: the office no longer has the job for this engineer.
    await outbox.drain();
    expect(await outbox.all()).toHaveLength(1);
    await actions.dismiss({ noticeId: notice!.id! });
    expect(await db.notices.count()).toBe(0);
  });

  it('says why for an unscheduled, reassigned or moved visit; a past one goes quietly', async () => {
    await hold('a', 'b', 'c', 'd');
    await applyVisitList(db, {
      items: [],
      removed: [
        gone('a', 'unscheduled'),
        gone('b', 'reassigned'),
        gone('c', 'moved', '2026-12-15'),
        gone('d', 'past', '2026-11-20'),
      ],
    });
    expect(await db.visits.count()).toBe(0);
    const notes = Object.fromEntries(
      (await db.notices.toArray()).map((n) => [n.visitId, n.message]),
    );
    expect(notes).toEqual({
      a: 'The job UPL-2026-a for Morwenna Penrose was taken off your schedule by the office on 26/11. It has been removed from your list.',
      b: 'The job UPL-2026-b for Morwenna Penrose was given to another engineer on 26/11. It has been removed from your list.',
      c: 'The job UPL-2026-c for Morwenna Penrose was moved to 15/12/2026. It will come back to your list nearer the day.',
    });
  });

  it('keeps a moved or past visit while its work waits to be sent (the server still takes it)', async () => {
    const { actions } = setup();
    await hold('c');
    await actions.checkIn('c', null);
    await applyVisitList(db, { items: [], removed: [gone('c', 'moved', '2026-12-15')] });
    expect(await db.visits.get('c')).toBeDefined();
    expect(await db.notices.count()).toBe(0);
    expect((await db.outbox.toArray())[0]?.status).toBe('pending');
  });

  it('words a note without a visit on the phone', () => {
    expect(
      visitGoneNote({ ...gone('x', 'cancelled'), orderNumber: null, at: null }, undefined),
    ).toBe('A job was cancelled by the office. It has been removed from your list.');
  });
});
