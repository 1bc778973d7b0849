import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createPartner } from '../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../tests/support/auth';
import {
  at,
  fillParams,
  isPublicRoute,
  leaves,
  methodsOf,
  nextIp,
  schemasOf,
  type Leaf,
} from '../../tests/support/route-walk';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { inTransaction } from './db/transaction';
import { createApiKey } from './modules/partner-api/partner-api.service';
import { issuePublicLink } from './modules/public-links/public-links.service';
import { registeredRoutes, type RegisteredRoute } from './plugins/route-registry';

// Issue 18: every registered route (Fastify's route table, so a new route is walked without being
// listed) gets the bodies an attacker or a careless client sends: half a surrogate pair, a body
// that is not an object, 5,000 levels of nesting with an Idempotency-Key, huge strings and
// numbers, and device times of year 0 and 99999. No answer may be a 5xx; the ones a contract
// can name are 400 naming the field.

const surrogate = 'x\ud800y';
const hugeText = 'x'.repeat(200_000);
const hugeQueryText = 'x'.repeat(8_000);
const badInstants = ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '99999-01-01T00:00:00Z'];
const hugeNumbers = [1e300, -1e300];
const notObjects = ['null', '[]', '0', '""', '"text"'];
const deepBody = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

type Expectation = 'namesField' | 'clientError' | 'notServerError';
type Probe = {
  label: string;
  field?: string;
  expect: Expectation;
  method: string;
  url: string;
  /** Raw JSON text, sent as application/json. */
  json?: string;
};

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function fieldProbes(leaf: Leaf): { value: unknown; expect: Expectation }[] {
  switch (leaf.kind) {
    case 'text':
      return [
        { value: surrogate, expect: 'namesField' },
        { value: hugeText, expect: 'notServerError' },
      ];
    case 'datetime':
      return [
        ...badInstants.map((value) => ({ value, expect: 'namesField' as const })),
        { value: surrogate, expect: 'namesField' },
      ];
    case 'number':
      return hugeNumbers.map((value) => ({ value, expect: 'notServerError' as const }));
    case 'date':
      return [{ value: surrogate, expect: 'namesField' }];
  }
}

function probesFor(route: RegisteredRoute): Probe[] {
  const schema = schemasOf(route);
  const probes: Probe[] = [];
  for (const method of methodsOf(route)) {
    const name = `${method} ${route.url}`;
    const url = fillParams(route.url, {}, schema.params);
    if (bodyMethods.has(method)) {
      for (const leaf of leaves(schema.body)) {
        const field = leaf.path.join('.');
        for (const { value, expect } of fieldProbes(leaf)) {
          probes.push({
            label: `${name} body ${field}=${JSON.stringify(value).slice(0, 40)}`,
            field,
            expect,
            method,
            url,
            json: JSON.stringify(at(leaf.path, value)),
          });
        }
      }
      for (const json of notObjects) {
        probes.push({
          label: `${name} body ${json}`,
          // Routes without a body contract may ignore it; none may fail on it.
          expect: schema.body ? 'clientError' : 'notServerError',
          method,
          url,
          json,
        });
      }
      probes.push({
        label: `${name} 5,000 levels deep`,
        expect: 'clientError',
        method,
        url,
        json: deepBody,
      });
    }
    for (const leaf of leaves(schema.querystring)) {
      if (leaf.kind !== 'text') continue;
      const key = String(leaf.path[0]);
      probes.push({
        label: `${name} query ${key} huge`,
        expect: 'notServerError',
        method,
        url: `${url}?${key}=${hugeQueryText}`,
        json: bodyMethods.has(method) ? '{}' : undefined,
      });
    }
    for (const leaf of leaves(schema.params)) {
      if (leaf.kind !== 'text') continue;
      const key = String(leaf.path[0]);
      probes.push({
        label: `${name} path ${key} huge`,
        expect: 'notServerError',
        method,
        url: fillParams(route.url, { [key]: hugeQueryText }, schema.params),
        json: bodyMethods.has(method) ? '{}' : undefined,
      });
    }
  }
  return probes;
}

let app: TestApp;
let signedInHeaders: AuthHeaders;
let partnerKey = '';

/** Every role, so role guards let the request reach validation. */
async function signInEveryRole() {
  ({ headers: signedInHeaders } = await signInAs(app, 'back_office', {
    additionalRoles: ['contractor', 'engineer', 'customer'],
  }));
}

beforeAll(async () => {
  app = await createTestApp();
  await signInEveryRole();
  const partner = await createPartner(app);
  partnerKey = (
    await createApiKey(
      app.deps.database.db,
      { partnerId: partner.id, name: 'hostile', scopes: ['read', 'write'], allowedCidrs: [] },
      {},
    )
  ).key;
});

function headersFor(url: string, signedIn: boolean, hasBody: boolean) {
  const base = url.startsWith('/api/v1/')
    ? { authorization: `Bearer ${partnerKey}` }
    : signedIn
      ? signedInHeaders
      : { origin: app.deps.config.PUBLIC_URL };
  // Every write carries a key, so the idempotency fingerprint sees every hostile body.
  return {
    ...base,
    'idempotency-key': randomUUID(),
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
  };
}

async function runProbes(signedIn: boolean) {
  const routes = registeredRoutes(app).filter((route) => signedIn || isPublicRoute(route));
  const failures: string[] = [];
  let sent = 0;
  const send = (probe: Probe) =>
    app.inject({
      method: probe.method as 'POST',
      url: probe.url,
      remoteAddress: nextIp(),
      headers: headersFor(probe.url, signedIn, probe.json !== undefined),
      ...(probe.json === undefined ? {} : { payload: probe.json }),
    });
  for (const probe of routes.flatMap(probesFor)) {
    let res = await send(probe);
    // A probe of sign-out (or a password change) ends the session: sign in again and resend.
    if (signedIn && res.statusCode === 401 && !probe.url.startsWith('/api/v1/')) {
      await signInEveryRole();
      res = await send(probe);
    }
    sent += 1;
    const answer = `${res.statusCode} ${res.body.slice(0, 160)}`;
    if (res.statusCode >= 500) {
      failures.push(`${probe.label} → ${answer}`);
      continue;
    }
    if (probe.expect === 'clientError' && (res.statusCode < 400 || res.statusCode >= 500)) {
      failures.push(`${probe.label} → ${answer}, expected a 4xx`);
    }
    if (probe.expect === 'namesField') {
      // The app answers `details`; the partner API's problem details (RFC 9457) say `errors`.
      const body = res.json() as {
        details?: Record<string, string[]>;
        errors?: Record<string, string[]>;
      };
      const named = (body.details ?? body.errors)?.[probe.field!];
      if (res.statusCode !== 400 || !named?.length) {
        failures.push(`${probe.label} → ${answer}, not refused on the field`);
      }
    }
  }
  return { failures, sent };
}

describe('hostile input on every route (issue 18)', () => {
  it('walks bodies, dates, numbers and whole-body shapes of the routes it finds', () => {
    const probes = registeredRoutes(app).flatMap(probesFor);
    const labels = probes.map((probe) => probe.label);
    expect(probes.length).toBeGreaterThan(500);
    expect(labels).toContain('POST /api/public/customer-form/:token body null');
    expect(labels).toContain('POST /api/v1/orders 5,000 levels deep');
    expect(
      labels.some((label) => label.startsWith('POST /api/visits/:visitId/check-in body at="0000')),
    ).toBe(true);
  });

  it('answers every hostile request signed in with a 4xx, never a 5xx', async () => {
    const { failures, sent } = await runProbes(true);
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers every hostile request to a public route with a 4xx, never a 5xx', async () => {
    const { failures } = await runProbes(false);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a deeply nested body before anything reads it, naming the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...headersFor('/api/orders', true, true) },
      payload: deepBody,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BODY_TOO_DEEP',
      message: 'The JSON body is nested more than 64 levels deep',
    });
  });
});

describe('a body that is not the object a route expects (issue 18)', () => {
  const cases = [
    ['null', 'null'],
    ['[]', 'a JSON list'],
    ['0', 'a number'],
    ['""', 'text'],
  ] as const;

  it.each(cases)('answers %s with 400 saying a JSON object was expected', async (json, words) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: headersFor('/api/orders', true, true),
      payload: json,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { _: [`The request body must be a JSON object, not ${words}`] },
    });
  });

  it.each(cases)(
    'answers %s on a live customer form link, which stays usable',
    async (json, words) => {
      const order = await buildOrder(app);
      const { token } = await inTransaction(app.deps.database.db, (tx) =>
        issuePublicLink(tx, { orderId: order.id, purpose: 'customer_form' }),
      );
      const url = `/api/public/customer-form/${token}`;
      const res = await app.inject({
        method: 'POST',
        url,
        headers: headersFor(url, false, true),
        payload: json,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `The request body must be a JSON object, not ${words}`,
      });
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    },
  );
});
