// The outbox (decision 041): strict order, device-made ids as Idempotency-Keys, retries with
// backoff on 5xx and network errors, 4xx marked without blocking the rest, nothing lost when
// a send is cut off half way. Runs on fake-indexeddb with a fake transport and clock.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEngineerDb, type EngineerDb, type OutboxItem } from './db';
import { Outbox, type TransportAnswer } from './outbox';
import { visitActions } from './visit-actions';

type Sent = { key: string; url: string; method: string; body: unknown };

let db: EngineerDb;
let clock = 1_000_000;
let sent: Sent[];
let answers: Array<TransportAnswer | Error>;

function transport(item: OutboxItem): Promise<TransportAnswer> {
  sent.push({ key: item.id, url: item.url, method: item.method, body: item.body });
  const next = answers.shift() ?? { status: 200, text: '{}' };
  return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
}

function makeOutbox() {
  return new Outbox({
    db,
    transport,
    now: () => clock,
    backoffMs: (attempt) => attempt * 1_000,
    inProgressRetryMs: 500,
  });
}

const change = (n: number) => ({
  visitId: 'visit-1',
  label: `change ${n}`,
  method: 'PUT' as const,
  url: `/api/visits/visit-1/step-${n}`,
  body: { n },
});

beforeEach(() => {
  db = openEngineerDb(`outbox-test-${Math.random()}`);
  sent = [];
  answers = [];
  clock = 1_000_000;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('outbox', () => {
  it('sends every change once, in the order made, each with its own device-made key', async () => {
    const outbox = makeOutbox();
    const ids = [];
    for (let n = 1; n <= 5; n += 1) ids.push(await outbox.add(change(n)));
    const result = await outbox.drain();
    expect(result).toEqual({ sent: 5, failed: 0, retryAt: null });
    expect(sent.map((s) => s.url)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `/api/visits/visit-1/step-${n}`),
    );
    expect(sent.map((s) => s.key)).toEqual(ids);
    expect(new Set(ids).size).toBe(5);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.outbox.count()).toBe(0);
  });

  it('stops at a 5xx, keeps the order, and retries the same item with the same key after the backoff', async () => {
    const outbox = makeOutbox();
    await outbox.add(change(1));
    await outbox.add(change(2));
    answers = [{ status: 503, text: '{"message":"down"}' }];

    const first = await outbox.drain();
    expect(first).toEqual({ sent: 0, failed: 0, retryAt: clock + 1_000 });
    expect(sent).toHaveLength(1);
    const [waiting] = await outbox.pending();
    expect(waiting).toMatchObject({ attempts: 1, lastError: '503: down', status: 'pending' });

    // Not yet due: nothing is sent, and item 2 does not overtake item 1.
    expect((await outbox.drain()).retryAt).toBe(clock + 1_000);
    expect(sent).toHaveLength(1);

    clock += 1_000;
    expect(await outbox.drain()).toEqual({ sent: 2, failed: 0, retryAt: null });
    expect(sent.map((s) => s.url)).toEqual([
      '/api/visits/visit-1/step-1',
      '/api/visits/visit-1/step-1',
      '/api/visits/visit-1/step-2',
    ]);
    expect(sent[0]!.key).toBe(sent[1]!.key);
  });

  it('backs off longer after each failure and treats a network error like a 5xx', async () => {
    const outbox = makeOutbox();
    await outbox.add(change(1));
    answers = [new TypeError('Failed to fetch'), { status: 500, text: 'boom' }];
    expect((await outbox.drain()).retryAt).toBe(clock + 1_000);
    clock += 1_000;
    expect((await outbox.drain()).retryAt).toBe(clock + 2_000);
    const errors = await db.syncErrors.toArray();
    expect(errors.map((e) => e.message)).toEqual(['network: Failed to fetch', '500: boom']);
    clock += 2_000;
    expect((await outbox.drain()).sent).toBe(1);
  });

  it('marks a 4xx with the server message and goes on with the rest', async () => {
    const outbox = makeOutbox();
    await outbox.add(change(1));
    await outbox.add(change(2));
    await outbox.add(change(3));
    answers = [
      { status: 200, text: '{}' },
      { status: 422, text: '{"message":"Confirm the working-at-height risk assessment"}' },
    ];
    expect(await outbox.drain()).toEqual({ sent: 2, failed: 1, retryAt: null });
    expect(sent.map((s) => s.url)).toHaveLength(3);
    const left = await outbox.all();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      url: '/api/visits/visit-1/step-2',
      status: 'failed',
      lastError: '422: Confirm the working-at-height risk assessment',
    });
    expect(await outbox.pending()).toEqual([]);
    // A refused item is not sent again on its own.
    await outbox.drain();
    expect(sent).toHaveLength(3);
  });

  it('retries a 409 in-progress answer (the first try still running) with the same key', async () => {
    const outbox = makeOutbox();
    await outbox.add(change(1));
    answers = [
      { status: 409, text: '{"code":"IDEMPOTENCY_REQUEST_IN_PROGRESS","message":"wait"}' },
    ];
    expect((await outbox.drain()).retryAt).toBe(clock + 500);
    expect((await outbox.pending())[0]!.status).toBe('pending');
    clock += 500;
    expect((await outbox.drain()).sent).toBe(1);
    expect(sent[0]!.key).toBe(sent[1]!.key);
  });

  it('treats any other 409 as a refusal', async () => {
    const outbox = makeOutbox();
    await outbox.add(change(1));
    answers = [{ status: 409, text: '{"code":"VISIT_NOT_OPEN","message":"The visit is closed"}' }];
    expect(await outbox.drain()).toEqual({ sent: 0, failed: 1, retryAt: null });
  });

  it('loses nothing when the page dies mid-send: a new outbox on the same store sends the same key', async () => {
    const first = makeOutbox();
    await first.add(change(1));
    // The request never answers (the app was closed while it was on the wire).
    const stuck = new Outbox({
      db,
      transport: () => new Promise(() => undefined),
      now: () => clock,
    });
    void stuck.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [item] = await db.outbox.toArray();
    expect(item!.status).toBe('pending');

    const reopened = makeOutbox();
    expect((await reopened.drain()).sent).toBe(1);
    expect(sent[0]!.key).toBe(item!.id);
  });

  it('drains one at a time: a second call while draining joins the first', async () => {
    const outbox = makeOutbox();
    await outbox.add(change(1));
    await outbox.add(change(2));
    const [a, b] = await Promise.all([outbox.drain(), outbox.drain()]);
    expect(a).toEqual(b);
    expect(sent).toHaveLength(2);
  });

  it('marks an uploaded photo synced and drops its JPEG, keeping the thumbnail', async () => {
    const outbox = makeOutbox();
    await db.photos.add({
      id: 'p1',
      visitId: 'visit-1',
      category: 'mount',
      blob: new Blob(['jpeg']),
      thumbnail: new Blob(['thumb']),
      sha256: 'abc',
      bytes: 4,
      originalBytes: 40,
      width: 1,
      height: 1,
      takenAt: new Date(clock).toISOString(),
      synced: false,
    });
    await outbox.add({ ...change(1), url: '/api/visits/visit-1/photos/p1', photoId: 'p1' });
    await outbox.drain();
    const photo = await db.photos.get('p1');
    expect(photo).toMatchObject({ synced: true });
    expect(photo!.blob).toBeUndefined();
    expect(photo!.thumbnail).toBeDefined();
  });
});

describe('"On my way" (issue 25)', () => {
  it('is queued with the tap’s time, and a refusal takes it back without moving the visit', async () => {
    const outbox = makeOutbox();
    const actions = visitActions(db, outbox);
    await actions.goTo('visit-1', 'photos');
    const tappedAt = new Date('2026-12-01T10:07:00Z');
    await actions.onTheWay('visit-1', tappedAt);
    expect((await db.progress.get('visit-1'))!.record.onTheWay).toEqual({
      at: tappedAt.toISOString(),
    });
    answers.push({
      status: 409,
      text: JSON.stringify({ message: 'Too late to tell the customer' }),
    });
    expect(await outbox.drain()).toMatchObject({ sent: 0, failed: 1 });
    expect(sent).toEqual([
      expect.objectContaining({
        url: '/api/visits/visit-1/on-the-way',
        method: 'POST',
        body: { at: tappedAt.toISOString() },
      }),
    ]);
    const progress = await db.progress.get('visit-1');
    expect(progress!.record.onTheWay).toBeUndefined();
    expect(progress!.step).toBe('photos');
  });
});
