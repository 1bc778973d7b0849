import { notificationStreamPath } from '@shared/notifications/notifications.contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes, type RegisteredRoute } from './plugins/route-registry';
import {
  buildCompanyWorld,
  priceNeedles,
  type CompanyWorld,
} from '../../tests/factories/contractor-world';
import type { AuthHeaders } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// Issue 12: a contractor company is a tenant. Every GET route a contractor (or the dual-role
// contractor-engineer) may call, found through Fastify's onRoute hook so routes added later are
// walked too, is called with every id of the company's world: no answer may carry the partner
// price (its field names or its values). The same routes given another company's ids answer 404.

type Role = 'contractor' | 'engineer';

function contractorVisible(route: RegisteredRoute): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.includes('GET')) return false;
  const config = (route.config ?? {}) as { public?: boolean; roles?: readonly string[] };
  if (config.public) return false;
  if (!route.url.startsWith('/api/')) return false;
  // The partner API takes a partner's key, never a contractor's session (issue 14).
  if (route.url.startsWith('/api/v1/')) return false;
  // The bell's event stream never ends, so cannot be read whole; it carries only the person's
  // own notifications, which notifications.test checks (decision 080).
  if (route.url === notificationStreamPath) return false;
  return (
    !config.roles ||
    config.roles.some((role) => (['contractor', 'engineer'] as Role[]).includes(role as Role))
  );
}

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Every value of the world a path parameter could take: order, visit, customer, company ids… */
function candidates(world: CompanyWorld): string[] {
  return [
    ...world.ids.orders,
    ...world.ids.orderNumbers,
    ...world.ids.visits,
    ...world.ids.customers,
    ...world.ids.engineers,
    world.ids.company,
    world.ids.jobType,
    world.ids.partner,
  ];
}

/** The URLs to call: each parameter filled with each candidate (the same in every slot). */
function urlsFor(route: RegisteredRoute, values: string[]): string[] {
  const params = paramsOf(route.url);
  if (params.length === 0) return [route.url];
  return values.map((value) => route.url.replace(/:(\w+)/g, () => encodeURIComponent(value)));
}

function leaks(body: string): string[] {
  const lower = body.toLowerCase();
  return priceNeedles.filter((needle) => lower.includes(needle));
}

describe('contractor scoping on every contractor-visible endpoint (issue 12)', () => {
  let app: TestApp;
  let a: CompanyWorld;
  let b: CompanyWorld;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    app = await createTestApp();
    a = await buildCompanyWorld(app);
    b = await buildCompanyWorld(app);
    routes = registeredRoutes(app).filter(contractorVisible);
  });

  const call = (url: string, headers: AuthHeaders) =>
    app.inject({ method: 'GET', url, headers, remoteAddress: '10.9.0.1' });

  it('finds the contractor routes (the walk is not empty)', () => {
    const urls = routes.map((route) => route.url);
    for (const url of [
      '/api/orders',
      '/api/orders/:id',
      '/api/orders/export.csv',
      '/api/visits',
      '/api/job-types',
      '/api/contractor-portal/dashboard',
      '/api/contractor-portal/reports',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it('never answers a contractor with the partner price', async () => {
    const failures: string[] = [];
    const answered = new Set<string>();
    for (const [who, headers] of Object.entries(a.headers)) {
      for (const route of routes) {
        for (const url of urlsFor(route, candidates(a))) {
          const res = await call(url, headers);
          if (res.statusCode >= 500) failures.push(`${who} GET ${url} → ${res.statusCode}`);
          if (res.statusCode !== 200) continue;
          answered.add(route.url);
          const found = leaks(res.body);
          if (found.length > 0) failures.push(`${who} GET ${url} carries ${found.join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk reached the answers that hold orders, with the world's own ids.
    for (const url of ['/api/orders/:id', '/api/orders/by-number/:orderNumber', '/api/orders']) {
      expect(answered).toContain(url);
    }
  }, 120_000);

  it("answers 404 for another company's order, visit, customer, engineer or company", async () => {
    const failures: string[] = [];
    for (const [who, headers] of Object.entries(a.headers)) {
      for (const route of routes.filter((r) => paramsOf(r.url).length > 0)) {
        let notFound = 0;
        for (const url of urlsFor(route, candidates(b))) {
          const res = await call(url, headers);
          // 400: the value is not of this parameter's kind (an order number for an id).
          if (res.statusCode === 400) continue;
          if (res.statusCode === 404) notFound += 1;
          else failures.push(`${who} GET ${url} → ${res.statusCode}`);
        }
        if (notFound === 0) failures.push(`${who} GET ${route.url}: nothing of B was tried`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
