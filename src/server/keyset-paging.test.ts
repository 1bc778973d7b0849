import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createCustomer, createPartner } from '../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { loadConfig } from './config';
import { countWithEstimate } from './db/keyset';
import { messages } from './modules/messages/messages.schema';
import { orders } from './modules/orders/orders.schema';
import { partnerApiRequests } from './modules/partner-api/partner-api.schema';
import { webhookDeliveries, webhookEndpoints } from './modules/webhooks/webhooks.schema';

// Issue 23, decision 085: every back-office list pages by keyset cursor. Walking all pages gives
// every row once in a stable order even when rows arrive between requests; a tampered cursor is
// refused; page numbers are bounded; the total is exact below the threshold and an estimate above.

type Item = { id: string };
type Page = {
  total: number;
  totalIsEstimate: boolean;
  totalIsLowerBound: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
};

/** A threshold small enough that a dozen rows is "above" it. */
const exactCountLimit = 5;

describe('keyset paging of the back-office lists', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;

  beforeAll(async () => {
    app = await createTestApp({ config: { LIST_EXACT_COUNT_LIMIT: String(exactCountLimit) } });
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  const db = () => app.deps.database.db;
  const get = (url: string) => app.inject({ method: 'GET', url, headers: backOffice });
  const withCursor = (url: string, cursor: string) =>
    `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

  /**
   * Every page by Next from the first, calling `between` after each page; answers the ids in the
   * order seen and the pages' bodies.
   */
  async function walk(
    url: string,
    itemsOf: (body: Record<string, unknown>) => Item[],
    between: (page: number) => Promise<void> = async () => {},
  ) {
    const ids: string[] = [];
    const bodies: (Page & Record<string, unknown>)[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(cursor ? withCursor(url, cursor) : url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Page & Record<string, unknown>;
      bodies.push(body);
      ids.push(...itemsOf(body).map((item) => item.id));
      cursor = body.nextCursor;
      await between(bodies.length);
    } while (cursor && bodies.length < 50);
    return { ids, bodies };
  }

  /** Walks back from the last page by Previous: the same rows, the same order. */
  async function walkBack(
    url: string,
    itemsOf: (body: Record<string, unknown>) => Item[],
    last: Page,
  ) {
    const pages: string[][] = [];
    let cursor = last.prevCursor;
    while (cursor && pages.length < 50) {
      const body = (await get(withCursor(url, cursor))).json() as Page & Record<string, unknown>;
      pages.unshift(itemsOf(body).map((item) => item.id));
      cursor = body.prevCursor;
    }
    return pages.flat();
  }

  const orderItems = (body: Record<string, unknown>) => body.items as Item[];

  describe('orders', () => {
    let partnerId: string;
    const original: string[] = [];

    beforeAll(async () => {
      partnerId = (await createPartner(app)).id;
      // Twelve orders; four share one received time (ties broken by id), some without a
      // requested date (which sorts as the latest).
      const base = Date.parse('2026-03-02T09:00:00Z');
      for (let i = 0; i < 12; i++) {
        const order = await buildOrder(app, {
          partnerId,
          receivedAt: new Date(i < 4 ? base : base + i * 60_000),
          requestedDate: i % 3 === 0 ? null : `2026-04-${String(10 + (i % 5)).padStart(2, '0')}`,
          status: i % 2 === 0 ? 'received' : 'validated',
        });
        original.push(order.id);
      }
    });

    it('walks every order once, in order, while orders arrive between pages', async () => {
      const url = `/api/orders?partnerId=${partnerId}&pageSize=5`;
      const arrived: string[] = [];
      const { ids, bodies } = await walk(url, orderItems, async (page) => {
        if (page > 2) return;
        // One newer than all (before the walk's position) and one among the rows still ahead.
        const newest = await buildOrder(app, { partnerId, receivedAt: new Date() });
        const middle = await buildOrder(app, {
          partnerId,
          receivedAt: new Date(Date.parse('2026-03-02T09:00:30Z')),
        });
        arrived.push(newest.id, middle.id);
      });
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of original) expect(ids.filter((seen) => seen === id)).toHaveLength(1);
      // The order seen is the list's order: the same as one page holding everything now.
      const everything = (await get(`/api/orders?partnerId=${partnerId}&pageSize=100`)).json()
        .items as Item[];
      const now = everything.map((item) => item.id).filter((id) => ids.includes(id));
      expect(ids).toEqual(now);
      expect(bodies[0]!.prevCursor).toBeNull();
      expect(bodies.at(-1)!.nextCursor).toBeNull();
      expect(arrived.length).toBe(4);
    });

    it.each([
      ['receivedAt', 'desc'],
      ['receivedAt', 'asc'],
      ['orderNumber', 'asc'],
      ['status', 'desc'],
      ['requestedDate', 'asc'],
      ['requestedDate', 'desc'],
      ['slaDueAt', 'asc'],
      ['updatedAt', 'desc'],
    ])('pages by %s %s forward and back in the order of one whole page', async (sort, dir) => {
      const url = `/api/orders?partnerId=${partnerId}&sort=${sort}&direction=${dir}&pageSize=3`;
      const whole = (await get(`${url.replace('pageSize=3', 'pageSize=100')}`)).json()
        .items as Item[];
      const { ids, bodies } = await walk(url, orderItems);
      expect(ids).toEqual(whole.map((item) => item.id));
      expect(await walkBack(url, orderItems, bodies.at(-1)!)).toEqual(
        ids.slice(0, ids.length - orderItems(bodies.at(-1)!).length),
      );
    });

    it('answers each request its own values where lists share a prepared shape (decision 096)', async () => {
      const other = (await createPartner(app)).id;
      const others: string[] = [];
      for (let i = 0; i < 3; i++)
        others.push((await buildOrder(app, { partnerId: other, status: 'validated' })).id);
      const idsOf = async (url: string) =>
        ((await get(url)).json().items as Item[]).map((item) => item.id).sort();
      // One shape (a partner, some statuses), other values: each its own orders.
      expect(await idsOf(`/api/orders?partnerId=${other}&status=validated`)).toEqual(
        [...others].sort(),
      );
      // The twelve above: the even ones received, the odd ones validated.
      const received = original.filter((_, i) => i % 2 === 0);
      const mine = await idsOf(`/api/orders?partnerId=${partnerId}&status=received&pageSize=100`);
      expect(mine).toEqual(expect.arrayContaining(received));
      expect(
        mine.some((id) => others.includes(id) || (original.includes(id) && !received.includes(id))),
      ).toBe(false);
      const both = await idsOf(
        `/api/orders?partnerId=${partnerId}&status=received&status=validated&pageSize=100`,
      );
      expect(both).toEqual(expect.arrayContaining(original));
      expect(both.some((id) => others.includes(id))).toBe(false);
      expect(await idsOf(`/api/orders?partnerId=${other}&status=received`)).toEqual([]);
      // The page after a cursor: the same shape for both partners, each after its own row.
      const firstOf = async (id: string) =>
        (await get(`/api/orders?partnerId=${id}&pageSize=2`)).json() as Page & {
          items: Item[];
        };
      const [mineFirst, othersFirst] = [await firstOf(partnerId), await firstOf(other)];
      const after = async (id: string, cursor: string) =>
        (
          (await get(withCursor(`/api/orders?partnerId=${id}&pageSize=2`, cursor))).json()
            .items as Item[]
        ).map((item) => item.id);
      const othersNext = await after(other, othersFirst.nextCursor!);
      expect(othersNext).toHaveLength(1);
      expect(others).toContain(othersNext[0]);
      const mineNext = await after(partnerId, mineFirst.nextCursor!);
      expect(mineNext).toHaveLength(2);
      expect(mineNext.some((id) => others.includes(id))).toBe(false);
    });

    it('refuses a tampered, garbled or borrowed cursor with 400', async () => {
      const url = `/api/orders?partnerId=${partnerId}&pageSize=5`;
      const first = (await get(url)).json() as Page;
      const [payload, signature] = first.nextCursor!.split('.') as [string, string];
      const forged = Buffer.from(JSON.stringify(['a', '2030-01-01', randomUUID()])).toString(
        'base64url',
      );
      const flipped = signature.startsWith('A')
        ? `B${signature.slice(1)}`
        : `A${signature.slice(1)}`;
      for (const cursor of [
        `${payload}.${flipped}`,
        `${forged}.${signature}`,
        'not-a-cursor',
        payload,
        `${payload}.${signature}.x`,
      ]) {
        const res = await get(withCursor(url, cursor));
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(res.json().details.cursor).toEqual([
          'That page cursor is not one we gave out: start again from the first page',
        ]);
      }
      // A cursor of another sort, or of another list, is not this list's.
      const bySla = withCursor(`${url}&sort=slaDueAt`, first.nextCursor!);
      expect((await get(bySla)).statusCode).toBe(400);
      const customersCursor = ((await get('/api/customers?pageSize=1')).json() as Page).nextCursor;
      expect(customersCursor).toBeTruthy();
      expect((await get(withCursor(url, customersCursor!))).statusCode).toBe(400);
    });

    it('opens a page by number only up to 10,000 rows deep', async () => {
      expect((await get(`/api/orders?page=3&pageSize=5&partnerId=${partnerId}`)).statusCode).toBe(
        200,
      );
      expect((await get('/api/orders?page=401&pageSize=25')).statusCode).toBe(200);
      const tooFar = await get('/api/orders?page=402&pageSize=25');
      expect(tooFar.statusCode).toBe(400);
      expect(tooFar.json().code).toBe('VALIDATION_ERROR');
      expect(tooFar.json().message).toMatch(/narrow the filters/);
      expect(tooFar.json().details.page).toBeDefined();
    });

    it('counts exactly under the threshold and estimates above it', async () => {
      const few = await createPartner(app);
      for (let i = 0; i < 3; i++) await buildOrder(app, { partnerId: few.id });
      const exact = (await get(`/api/orders?partnerId=${few.id}`)).json() as Page;
      expect(exact).toMatchObject({ total: 3, totalIsEstimate: false });
      // Over the threshold: the planner's estimate where it is well over it, else "more than".
      for (const url of [`/api/orders?partnerId=${partnerId}`, '/api/orders']) {
        const beyond = (await get(url)).json() as Page;
        expect(beyond.totalIsEstimate).toBe(true);
        if (beyond.totalIsLowerBound) expect(beyond.total).toBe(exactCountLimit);
        else expect(beyond.total).toBeGreaterThan(exactCountLimit * 2);
      }
      const none = (await get(`/api/orders?partnerId=${randomUUID()}`)).json() as Page;
      expect(none).toMatchObject({ total: 0, totalIsEstimate: false });
    });

    it('takes a whole table the statistics put well over the threshold at their word', async () => {
      // Decision 091: the statistics stand in for a table too big to count. Set here as
      // ANALYZE would leave them on a table of a million orders, and as a stale low figure.
      const setStatistics = (rows: number) =>
        app.deps.database.query(
          `update pg_class set reltuples = $1 where oid = 'orders'::regclass`,
          [rows],
        );
      try {
        await setStatistics(1_000_000);
        const big = (await get('/api/orders')).json() as Page;
        expect(big).toMatchObject({
          total: 1_000_000,
          totalIsEstimate: true,
          totalIsLowerBound: false,
        });
        // A filtered list is still counted first: its estimate is the planner's.
        const filtered = (await get(`/api/orders?partnerId=${randomUUID()}`)).json() as Page;
        expect(filtered).toMatchObject({
          total: 0,
          totalIsEstimate: false,
          totalIsLowerBound: false,
        });

        // Not counted at all: with a threshold above the table's true size, a count would be
        // exact; the statistics say a million, so they answer.
        const whole = () =>
          countWithEstimate(db(), {
            rows: () => db().select({ id: orders.id }).from(orders).$dynamic(),
            table: 'orders',
            filtered: false,
            exactCountLimit: 100_000,
          });
        expect(await whole()).toEqual({
          total: 1_000_000,
          totalIsEstimate: true,
          totalIsLowerBound: false,
        });

        // Statistics under twice the threshold are not trusted: the rows are counted, and past
        // the threshold the list says only that there are more (decision 097), never a figure
        // below what was counted.
        await setStatistics(3);
        const counted = (await get('/api/orders')).json() as Page;
        expect(counted).toMatchObject({
          total: exactCountLimit,
          totalIsEstimate: true,
          totalIsLowerBound: true,
        });
        expect((await whole()).totalIsEstimate).toBe(false);
      } finally {
        await app.deps.database.exec('analyze orders');
      }
    });
  });

  it('pages customers by cursor while customers are added', async () => {
    const original: string[] = [];
    for (let i = 0; i < 8; i++)
      original.push((await createCustomer(app, { lastName: 'Keyset' })).id);
    const url = '/api/customers?q=keyset&pageSize=3';
    const { ids, bodies } = await walk(url, orderItems, async (page) => {
      if (page === 1) await createCustomer(app, { lastName: 'Keyset' });
    });
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of original) expect(ids).toContain(id);
    expect(bodies[0]).toMatchObject({ totalIsEstimate: true });
    const bad = await get(withCursor(url, 'x.y'));
    expect(bad.statusCode).toBe(400);
  });

  it('pages the message log by cursor while messages are queued', async () => {
    const kind = `keyset_${randomUUID().slice(0, 8)}`;
    const at = Date.parse('2026-03-03T10:00:00Z');
    const rows = await db()
      .insert(messages)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          channel: 'email' as const,
          kind,
          to: `keyset${i}@example.com`,
          body: 'Hello',
          // Two share a time: the id orders them.
          createdAt: new Date(at + Math.max(i, 1) * 1000),
        })),
      )
      .returning({ id: messages.id });
    const url = `/api/messages?kind=${kind}&pageSize=2`;
    const { ids, bodies } = await walk(
      url,
      (body) => body.messages as Item[],
      async () => {
        await db()
          .insert(messages)
          .values({ channel: 'sms', kind, to: '+447700900000', body: 'Late' });
      },
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of rows) expect(ids.filter((id) => id === row.id)).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ totalIsEstimate: true });
    expect((await get(withCursor(url, 'garbage'))).statusCode).toBe(400);
    expect((await get(`/api/messages?kind=${kind}&page=600&pageSize=20`)).statusCode).toBe(400);
  });

  it('pages the partner API log by cursor while requests are logged', async () => {
    const partner = await createPartner(app);
    const at = Date.parse('2026-03-04T10:00:00Z');
    const row = (i: number, when: Date) => ({
      at: when,
      partnerId: partner.id,
      method: 'GET',
      path: `/api/v1/orders/${i}`,
      status: 200,
      durationMs: 5,
      ip: '203.0.113.7',
      requestId: `req-${i}`,
    });
    const rows = await db()
      .insert(partnerApiRequests)
      .values(Array.from({ length: 7 }, (_, i) => row(i, new Date(at + (i % 3) * 1000))))
      .returning({ id: partnerApiRequests.id });
    const url = `/api/partner-api/requests?partnerId=${partner.id}&pageSize=3`;
    const { ids, bodies } = await walk(
      url,
      (body) => body.items as Item[],
      async (page) => {
        await db()
          .insert(partnerApiRequests)
          .values(row(100 + page, new Date()));
      },
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of rows) expect(ids.filter((id) => id === r.id)).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ totalIsEstimate: true });
    expect((await get(withCursor(url, 'garbage.sig'))).statusCode).toBe(400);
  });

  it('pages webhook deliveries by cursor while deliveries are recorded', async () => {
    const partner = await createPartner(app);
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({
        partnerId: partner.id,
        url: 'https://partner.example/hooks',
        events: ['order.created'],
        secret: 'whsec_test',
      })
      .returning();
    const delivery = (when: Date) => ({
      endpointId: endpoint!.id,
      partnerId: partner.id,
      eventId: randomUUID(),
      eventType: 'order.created',
      body: '{}',
      status: 'succeeded' as const,
      createdAt: when,
    });
    const at = Date.parse('2026-03-05T10:00:00Z');
    const rows = await db()
      .insert(webhookDeliveries)
      .values(Array.from({ length: 7 }, (_, i) => delivery(new Date(at + (i % 2) * 1000))))
      .returning({ id: webhookDeliveries.id });
    const url = `/api/webhook-deliveries?partnerId=${partner.id}&pageSize=2`;
    const { ids, bodies } = await walk(
      url,
      (body) => body.items as Item[],
      async () => {
        await db()
          .insert(webhookDeliveries)
          .values(delivery(new Date(at + 500)));
      },
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of rows) expect(ids.filter((id) => id === r.id)).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ totalIsEstimate: true });
    expect((await get(withCursor(url, 'garbage.sig'))).statusCode).toBe(400);
  });
});

describe('a list searched by text counts exactly only up to its own lower threshold', () => {
  // Decision 097: a search's count reads every match, so it stops earlier than a filter's.
  let app: TestApp;
  let backOffice: AuthHeaders;

  beforeAll(async () => {
    app = await createTestApp({
      config: { LIST_EXACT_COUNT_LIMIT: '50', LIST_SEARCH_EXACT_COUNT_LIMIT: '3' },
    });
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  const total = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: backOffice });
    expect(res.statusCode, res.body).toBe(200);
    const { total, totalIsEstimate, totalIsLowerBound } = res.json() as Page;
    return { total, totalIsEstimate, totalIsLowerBound };
  };
  const moreThanThree = { total: 3, totalIsEstimate: true, totalIsLowerBound: true };

  it('estimates a search with more matches, and still counts a filter and a narrow search', async () => {
    const partner = await createPartner(app);
    for (let i = 0; i < 5; i++)
      await buildOrder(app, { partnerId: partner.id, customer: { lastName: 'Countwell' } });
    await buildOrder(app, { partnerId: partner.id, customer: { lastName: 'Rarename' } });

    // Six orders of the partner: under the list's threshold of 50, counted.
    expect(await total(`/api/orders?partnerId=${partner.id}`)).toEqual({
      total: 6,
      totalIsEstimate: false,
      totalIsLowerBound: false,
    });
    // Five matches of a search: over the search's threshold of 3, and the planner's estimate of
    // a contains-search on a table this small is no more than a guess: "more than 3".
    expect(await total('/api/orders?q=countwell')).toEqual(moreThanThree);
    // One match: counted.
    expect(await total('/api/orders?q=rarename')).toEqual({
      total: 1,
      totalIsEstimate: false,
      totalIsLowerBound: false,
    });
    // A blank search is no search: the partner's filter alone, counted.
    expect(await total(`/api/orders?partnerId=${partner.id}&q=%20`)).toEqual({
      total: 6,
      totalIsEstimate: false,
      totalIsLowerBound: false,
    });
    // The customers' list searches alike.
    expect(await total('/api/customers?q=countwell')).toEqual(moreThanThree);
    expect(await total('/api/customers?q=rarename')).toEqual({
      total: 1,
      totalIsEstimate: false,
      totalIsLowerBound: false,
    });
  });

  it('refuses a threshold that is not a whole number of rows at start', () => {
    expect(() =>
      loadConfig({ SESSION_SECRET: 'x'.repeat(32), LIST_SEARCH_EXACT_COUNT_LIMIT: 'lots' }),
    ).toThrow(/LIST_SEARCH_EXACT_COUNT_LIMIT/);
  });
});
