import { createPartner } from '../../tests/factories/orders';
import { createApiKey } from './modules/partner-api/partner-api.service';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes, type RegisteredRoute } from './plugins/route-registry';
import {
  at,
  fillParams,
  isPublicRoute,
  leaves,
  methodsOf,
  nextIp,
  schemasOf,
} from '../../tests/support/route-walk';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { signInAs, type AuthHeaders } from '../../tests/support/auth';

// Issue 9: every registered route, found through Fastify's onRoute hook, gets a NUL in each of
// its text fields and impossible or out-of-range dates in each date field. The answer must be a
// 400 naming the field, never a 5xx; a route added later is walked without being listed here.

const nul = 'a\u0000b';
const badDates = ['2024-02-30', '2031-02-29', '0000-01-01', '9999-12-31'];

type Probe = {
  route: string;
  field: string;
  value: string;
  request: {
    method: string;
    url: string;
    payload?: unknown;
  };
};

function probesFor(route: RegisteredRoute): Probe[] {
  const schema = schemasOf(route);
  const probes: Probe[] = [];
  for (const method of methodsOf(route)) {
    const name = `${method} ${route.url}`;
    const parts = [
      ['body', schema.body],
      ['querystring', schema.querystring],
      ['params', schema.params],
    ] as const;
    for (const [part, partSchema] of parts) {
      for (const leaf of leaves(partSchema)) {
        if (leaf.kind === 'number') continue;
        const values = leaf.kind === 'date' ? badDates : [nul];
        for (const value of values) {
          const field = leaf.path.join('.');
          if (part === 'body') {
            probes.push({
              route: name,
              field,
              value,
              request: {
                method,
                url: fillParams(route.url, {}, schema.params),
                payload: at(leaf.path, value),
              },
            });
          } else if (part === 'querystring') {
            const key = String(leaf.path[0]);
            probes.push({
              route: name,
              field: key,
              value,
              request: {
                method,
                url: `${fillParams(route.url, {}, schema.params)}?${key}=${encodeURIComponent(value)}`,
                payload: method === 'GET' || method === 'DELETE' ? undefined : {},
              },
            });
          } else {
            const key = String(leaf.path[0]);
            probes.push({
              route: name,
              field: key,
              value,
              request: {
                method,
                url: fillParams(route.url, { [key]: value }, schema.params),
                payload: method === 'GET' || method === 'DELETE' ? undefined : {},
              },
            });
          }
        }
      }
    }
  }
  return probes;
}

let app: TestApp;
let backOffice: AuthHeaders;

beforeAll(async () => {
  app = await createTestApp();
  // Every role, so role guards let the request reach validation.
  ({ headers: backOffice } = await signInAs(app, 'back_office', {
    additionalRoles: ['contractor', 'engineer', 'customer'],
  }));
  // The partner API (/api/v1) takes an API key instead of a session (issue 14).
  const partner = await createPartner(app);
  partnerKey = (
    await createApiKey(
      app.deps.database.db,
      { partnerId: partner.id, name: 'probe', scopes: ['read', 'write'], allowedCidrs: [] },
      {},
    )
  ).key;
});

let partnerKey = '';
const headersFor = (url: string, signedIn: boolean) =>
  url.startsWith('/api/v1/')
    ? { authorization: `Bearer ${partnerKey}`, 'idempotency-key': randomUUID() }
    : signedIn
      ? backOffice
      : { origin: app.deps.config.PUBLIC_URL };

describe('bad input on every route (issue 9)', () => {
  it('finds the routes and their fields (the walk is not empty)', () => {
    const routes = registeredRoutes(app);
    expect(routes.length).toBeGreaterThan(40);
    const probes = routes.flatMap(probesFor);
    const fields = new Set(probes.map((probe) => `${probe.route} ${probe.field}`));
    // Spot checks of what the probe found: search, path, body, dates, anonymous phone.
    expect(fields).toContain('GET /api/orders q');
    expect(fields).toContain('GET /api/orders receivedFrom');
    expect(fields).toContain('GET /api/orders/by-number/:orderNumber orderNumber');
    expect(fields).toContain('POST /api/orders customer.address.line1');
    expect(fields).toContain('POST /api/orders requestedDate');
    expect(fields).toContain('GET /api/visits from');
    expect(fields).toContain('POST /api/auth/sms/verify-code phone');
    expect(fields).toContain('GET /api/messages to');
  });

  async function runProbes(signedIn: boolean) {
    const routes = registeredRoutes(app).filter((route) => signedIn || isPublicRoute(route));
    const failures: string[] = [];
    for (const probe of routes.flatMap(probesFor)) {
      const res = await app.inject({
        method: probe.request.method as 'GET',
        url: probe.request.url,
        remoteAddress: nextIp(),
        headers: headersFor(probe.request.url, signedIn),
        ...(probe.request.payload === undefined
          ? {}
          : { payload: probe.request.payload as object }),
      });
      const label = `${probe.route} ${probe.field}=${JSON.stringify(probe.value)}`;
      if (res.statusCode >= 500) {
        failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      // The app answers `details`; the partner API's problem details (RFC 9457) say `errors`.
      const body = res.json() as {
        code?: string;
        details?: Record<string, string[]>;
        errors?: Record<string, string[]>;
      };
      const named = (body.details ?? body.errors)?.[probe.field];
      if (res.statusCode !== 400 || !named?.length) {
        failures.push(
          `${label} → ${res.statusCode}, not refused on the field: ${res.body.slice(0, 200)}`,
        );
      }
    }
    return failures;
  }

  it('answers 400 naming the field, never 5xx, for a signed-in user on every route', async () => {
    expect(await runProbes(true)).toEqual([]);
  }, 120_000);

  it('answers 400 naming the field, never 5xx, anonymously on every public route', async () => {
    expect(await runProbes(false)).toEqual([]);
  }, 120_000);
});
