import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPartner } from '../../../../tests/factories/orders';
import { signInAs } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { demoJobTypes } from '../../seed/orders.seed';
import { createApiKey } from './partner-api.service';

// Issue 18: every answer of /api/v1 that is not a success is RFC 9457 problem details, whatever
// went wrong and wherever: unknown paths, wrong methods, URLs the router cannot read, a blocked
// address. With a web build, as in production: its `/*` route used to take unknown /api/v1 paths
// and answer them with the app's plain JSON.

describe('/api/v1 answers problem details for everything that fails', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    const webBuild = mkdtempSync(path.join(os.tmpdir(), 'uplink-v1-web-'));
    writeFileSync(path.join(webBuild, 'index.html'), '<!doctype html><div id="root"></div>');
    app = await createTestApp({ webDistDir: webBuild });
    const partnerId = (await createPartner(app)).id;
    key = (
      await createApiKey(
        app.deps.database.db,
        { partnerId, name: 'Answers', scopes: ['read', 'write'], allowedCidrs: [] },
        {},
      )
    ).key;
  });

  const call = (method: string, url: string, options: { key?: boolean; ip?: string } = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      remoteAddress: options.ip,
      headers: options.key === false ? {} : { authorization: `Bearer ${key}` },
    });

  function expectProblem(
    res: Awaited<ReturnType<typeof call>>,
    status: number,
    code: string,
  ): Record<string, unknown> {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      type: `urn:uplink:problem:${code.toLowerCase().replaceAll('_', '-')}`,
      title: expect.any(String),
      status,
      detail: expect.any(String),
      code,
      instance: res.headers['x-request-id'],
    });
    return body;
  }

  it.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1'],
    ['GET', '/api/v1/'],
    ['GET', '/api/v1/orders/X/nothing/here'],
    ['POST', '/api/v1/partners'],
  ])('answers an unknown path (%s %s) 404, with a key and without', async (method, url) => {
    expectProblem(await call(method, url), 404, 'NOT_FOUND');
    expectProblem(await call(method, url, { key: false }), 404, 'NOT_FOUND');
  });

  it.each([
    ['DELETE', '/api/v1/orders', 'GET, HEAD, POST'],
    ['PUT', '/api/v1/orders/UPL-1', 'GET, HEAD'],
    ['PATCH', '/api/v1/orders/UPL-1', 'GET, HEAD'],
    ['GET', '/api/v1/orders/UPL-1/cancel', 'POST'],
    ['POST', '/api/v1/orders/by-reference/REF-1', 'GET, HEAD'],
    ['DELETE', '/api/v1/openapi.json', 'GET, HEAD'],
  ])('answers a wrong method (%s %s) 405 with Allow', async (method, url, allow) => {
    const res = await call(method, url);
    const body = expectProblem(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe(allow);
    expect(body.detail).toContain(method);
  });

  it('answers a URL the router cannot read as problem details too', async () => {
    expectProblem(await call('GET', '/api/v1/orders/%zz'), 400, 'FST_ERR_BAD_URL');
    expectProblem(await call('GET', '/api/v1/%E0%A4%A'), 400, 'FST_ERR_BAD_URL');
    const long = await call('GET', `/api/v1/orders/${'A'.repeat(300)}`);
    expectProblem(long, 414, 'FST_ERR_MAX_PARAM_LENGTH');
    // The app's own calls keep their `{ message, code }`.
    const app404 = await call('GET', '/api/orders/%zz', { key: false });
    expect(app404.statusCode).toBe(400);
    expect(app404.headers['content-type']).toMatch(/^application\/json/);
    expect(app404.json()).toMatchObject({ code: 'FST_ERR_BAD_URL' });
  });

  it('answers a blocked address with problem details, on known and unknown paths', async () => {
    const office = (await signInAs(app, 'back_office')).headers;
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/blocked-ips',
      headers: office,
      payload: { ip: '203.0.113.77', reason: 'Answers test', expiresInHours: 1 },
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    for (const url of ['/api/v1/orders', '/api/v1/nope', '/api/v1']) {
      expectProblem(await call('GET', url, { ip: '203.0.113.77' }), 403, 'IP_BLOCKED');
    }
  });

  it('still answers successes as JSON and the docs page as HTML', async () => {
    const list = await call('GET', '/api/v1/orders');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    // The catch-all that answers unknown paths is not part of the published document.
    const document = (await call('GET', '/api/v1/openapi.json', { key: false })).json();
    expect(Object.keys(document.paths).filter((p) => !p.startsWith('/api/v1/orders'))).toEqual([]);
    // The documented job type example is one the demo data has (issue 24).
    const createBody =
      document.paths['/api/v1/orders'].post.requestBody.content['application/json'].schema;
    const example = createBody.properties.jobType.examples[0];
    expect(demoJobTypes.map((jobType) => jobType.code)).toContain(example);
    expect(createBody.properties.jobType.description).toContain(example);
    const docs = await call('GET', '/api/v1/docs/', { key: false });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
  });
});
