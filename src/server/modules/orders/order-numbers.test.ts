import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createPartner } from '../../../../tests/factories/orders';
import { sameOrigin, signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { domainEvents } from '../events/events.schema';
import { isOrderNumber } from '@shared/orders/order-number';
import { createApiKey } from '../partner-api/partner-api.service';

// Issue 18 / decision 051: numbers issued since carry a random code; numbers issued before keep
// working everywhere an order is found by its number.

let app: TestApp;
let office: AuthHeaders;
let partnerId: string;
let apiKey: string;

beforeAll(async () => {
  app = await createTestApp();
  office = (await signInAs(app, 'back_office')).headers;
  partnerId = (await createPartner(app)).id;
  apiKey = (
    await createApiKey(
      app.deps.database.db,
      { partnerId, name: 'Numbers', scopes: ['read'], allowedCidrs: [] },
      {},
    )
  ).key;
});

const forms = [
  { form: 'issued before issue 18', orderNumber: 'UPL-2025-000042', postcode: 'TR2 4AA' },
  { form: 'issued since', orderNumber: undefined, postcode: 'TR2 4AB' },
] as const;

describe.each(forms)('an order number $form', ({ orderNumber, postcode }) => {
  let order: { id: string; orderNumber: string };

  beforeAll(async () => {
    order = await buildOrder(app, {
      ...(orderNumber ? { orderNumber } : {}),
      partnerId,
      customer: { postcode },
    });
    expect(isOrderNumber(order.orderNumber)).toBe(true);
    if (orderNumber) expect(order.orderNumber).toBe(orderNumber);
    else expect(order.orderNumber).toMatch(/^UPL-\d{4}-\d{6}-[2-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('opens the order in back office, by number and from the list search', async () => {
    const byNumber = await app.inject({
      url: `/api/orders/by-number/${order.orderNumber}`,
      headers: office,
    });
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().id).toBe(order.id);
    const search = await app.inject({
      url: `/api/orders?q=${encodeURIComponent(order.orderNumber)}`,
      headers: office,
    });
    expect(search.json().items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const summary = await app.inject({
      url: `/api/order-summary/${order.orderNumber}`,
      headers: office,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().orderId).toBe(order.id);
  });

  it('answers the partner API', async () => {
    const res = await app.inject({
      url: `/api/v1/orders/${order.orderNumber}`,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().orderNumber).toBe(order.orderNumber);
  });

  it('opens the portal with the postcode, and sends a link when asked', async () => {
    const url = `/api/public/portal/${order.orderNumber}`;
    const proof = await app.inject({
      method: 'POST',
      url: `${url}/proof`,
      payload: { postcode },
      headers: sameOrigin(app),
      remoteAddress: '10.70.0.1',
    });
    expect(proof.statusCode).toBe(200);
    const cookie = proof.cookies.find((c) => c.name === 'uplink_portal')!;
    const view = await app.inject({ url, cookies: { uplink_portal: cookie.value } });
    expect(view.json().orderNumber).toBe(order.orderNumber);

    const asked = await app.inject({
      method: 'POST',
      url: `${url}/send-link`,
      headers: sameOrigin(app),
      remoteAddress: '10.70.0.2',
    });
    expect(asked.statusCode).toBe(202);
    const events = await app.deps.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.type, 'portal.link_requested'), eq(domainEvents.aggregateId, order.id)),
      );
    expect(events).toHaveLength(1);
  });
});
