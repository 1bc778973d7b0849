import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusTransitions, type LifecycleActor } from '@shared/orders/order-lifecycle';
import { orderActionEndpoints } from '@shared/orders/orders.contracts';
import { visitPaths, type CompletionRequirement } from '@shared/visits/visit-record';
import { buildOrder, createContractor, createPartner } from '../../tests/factories/orders';
import { fillVisitRecord } from '../../tests/factories/visit-record';
import { createUser, signIn } from '../../tests/support/auth';
import { fillParams, methodsOf, nextIp, schemasOf } from '../../tests/support/route-walk';
import { exampleOf } from '../../tests/support/schema-example';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { orders } from './modules/orders/orders.schema';
import { visits } from './modules/visits/visits.schema';
import { createApiKey } from './modules/partner-api/partner-api.service';
import { registeredRoutes, type RegisteredRoute } from './plugins/route-registry';

// Issue 18: an order could be completed through POST /api/orders/:id/complete with a name and two
// serials, while the engineer app asked for the whole record. Here every state-changing route in
// Fastify's route table is tried, as every actor the lifecycle lets complete an order, on an
// in-progress order whose record lacks parts and on one whose record is whole. No route may
// complete the first; every route that completes the second must refuse the first with the list
// of what is missing. A route added later is walked without being listed.

const completionRows = statusTransitions.filter((row) => row.to === 'completed');
const completingActors = [...new Set(completionRows.flatMap((row) => row.actors))];
const completingActions = [...new Set(completionRows.map((row) => row.action))];
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the incomplete record lacks, in the rule's order. */
const withheld: CompletionRequirement[] = ['photo:cable_entry', 'commissioning', 'signature'];

type Fixture = { orderId: string; orderNumber: string; visitId: string };
type Probe = { actor: LifecycleActor; method: string; route: RegisteredRoute; name: string };

let app: TestApp;
let contractorId: string;
let partnerId: string;
let engineerId: string;
let contractorUserId: string;
let backOfficeId: string;
let partnerKey: string;

beforeAll(async () => {
  app = await createTestApp();
  contractorId = (await createContractor(app)).id;
  partnerId = (await createPartner(app)).id;
  engineerId = (await createUser(app, { role: 'engineer', contractorId })).id;
  contractorUserId = (await createUser(app, { role: 'contractor', contractorId })).id;
  backOfficeId = (await createUser(app, { role: 'back_office' })).id;
  partnerKey = (
    await createApiKey(
      app.deps.database.db,
      { partnerId, name: 'completion walk', scopes: ['read', 'write'], allowedCidrs: [] },
      {},
    )
  ).key;
});

async function inProgressOrder(record: 'whole' | 'partial'): Promise<Fixture> {
  const order = await buildOrder(app, {
    status: 'in_progress',
    kitStatus: 'arrived',
    contractorId,
    engineerId,
    partnerId,
  });
  const [visit] = await app.deps.database.db
    .select()
    .from(visits)
    .where(eq(visits.orderId, order.id));
  await fillVisitRecord(app, visit!.id, { without: record === 'partial' ? withheld : [] });
  return { orderId: order.id, orderNumber: order.orderNumber, visitId: visit!.id };
}

/** A fresh sign-in per request: a route that signs out must not end the walk. */
async function headersOf(actor: LifecycleActor, url: string): Promise<Record<string, string>> {
  const keyed = { 'idempotency-key': randomUUID() };
  if (url.startsWith('/api/v1/'))
    return actor === 'partner' ? { authorization: `Bearer ${partnerKey}`, ...keyed } : {};
  const userId = {
    engineer: engineerId,
    contractor: contractorUserId,
    back_office: backOfficeId,
  }[actor as string];
  if (!userId) throw new Error(`Teach this walk to act as ${actor} (the lifecycle now lets it)`);
  return { ...(await signIn(app, { id: userId })), ...keyed };
}

function probes(): Probe[] {
  const found: Probe[] = [];
  for (const route of registeredRoutes(app)) {
    for (const method of methodsOf(route).filter((m) => stateChanging.has(m)))
      for (const actor of completingActors) {
        const partnerRoute = route.url.startsWith('/api/v1/');
        if (partnerRoute !== (actor === 'partner')) continue;
        found.push({ actor, method, route, name: `${method} ${route.url} as ${actor}` });
      }
  }
  return found;
}

async function send(probe: Probe, fixture: Fixture) {
  const schemas = schemasOf(probe.route);
  const url = fillParams(
    probe.route.url,
    {
      id: fixture.orderId,
      orderId: fixture.orderId,
      visitId: fixture.visitId,
      orderNumber: fixture.orderNumber,
    },
    schemas.params,
  );
  const payload = exampleOf(schemas.body) ?? {};
  return app.inject({
    method: probe.method as 'POST',
    url,
    remoteAddress: nextIp(),
    headers: await headersOf(probe.actor, url),
    payload: payload as object,
  });
}

async function statusOf(orderId: string) {
  const [row] = await app.deps.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

describe('every route that can complete an order checks the whole record (issue 18)', () => {
  it('derives who may complete from the lifecycle table', () => {
    expect(completingActions).toEqual(['complete']);
    expect(completingActors.length).toBeGreaterThan(0);
  });

  it('no route completes an incomplete record; each that completes a whole one refuses it with the list', async () => {
    const walk = probes();
    expect(walk.length).toBeGreaterThan(40);
    const completing: string[] = [];
    const failures: string[] = [];
    for (const probe of walk) {
      const partial = await inProgressOrder('partial');
      const refused = await send(probe, partial);
      const whole = await inProgressOrder('whole');
      const accepted = await send(probe, whole);
      for (const res of [refused, accepted])
        if (res.statusCode >= 500)
          failures.push(`${probe.name} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      if ((await statusOf(partial.orderId)) === 'completed')
        failures.push(`${probe.name} completed an incomplete record (${refused.statusCode})`);
      if ((await statusOf(whole.orderId)) !== 'completed') continue;
      completing.push(probe.name);
      expect(accepted.statusCode, `${probe.name}: ${accepted.body}`).toBeLessThan(300);
      expect(refused.statusCode, `${probe.name}: ${refused.body}`).toBe(409);
      expect(refused.json(), probe.name).toMatchObject({
        code: 'COMPLETION_INCOMPLETE',
        details: { missing: withheld },
      });
      expect(refused.json().message).toBe(
        'The visit cannot be completed yet. Missing: photo: Cable entry, speed test (commissioning figures), customer signature.',
      );
    }
    expect(failures).toEqual([]);
    // The walk found the order's action (named by the lifecycle's endpoint table) and the
    // engineer app's completion; a new route that completes joins this list by itself.
    for (const action of completingActions)
      expect(completing).toContain(
        `POST /api/orders/:id/${orderActionEndpoints[action].path} as engineer`,
      );
    expect(completing).toContain(`POST ${visitPaths.complete(':visitId')} as engineer`);
  }, 300_000);
});
