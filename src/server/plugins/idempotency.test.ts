import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrder,
  createContractor,
  createJobType,
  createPartner,
} from '../../../tests/factories/orders';
import { sameOrigin, signInAs, type AuthHeaders } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { idempotencyErrorCodes } from '@shared/idempotency';
import { requestFingerprint } from './idempotency';

describe('Idempotency-Key on state-changing /api calls (issue 8, decision 019)', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let backOfficeId: string;
  let contractorHeaders: AuthHeaders;
  let contractorId: string;
  let engineerId: string;
  let partnerId: string;
  let jobTypeId: string;

  beforeAll(async () => {
    app = await createTestApp();
    const office = await signInAs(app, 'back_office');
    backOffice = office.headers;
    backOfficeId = office.user.id;
    contractorId = (await createContractor(app, { coverageAreas: ['EX'] })).id;
    contractorHeaders = (await signInAs(app, 'contractor', { contractorId })).headers;
    engineerId = (await signInAs(app, 'engineer', { contractorId })).user.id;
    partnerId = (await createPartner(app)).id;
    jobTypeId = (await createJobType(app)).id;
  });

  const sql = async (text: string, values: unknown[] = []) =>
    (await app.deps.database.query(text, values)).rows;
  const count = async (text: string, values: unknown[]) => Number((await sql(text, values))[0]!.n);

  const send = (
    headers: Record<string, string>,
    method: 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'GET',
    url: string,
    payload?: object,
    key?: string,
  ) =>
    app.inject({
      method,
      url,
      headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
      ...(payload ? { payload } : {}),
    });

  const assignedOrder = () =>
    buildOrder(app, {
      status: 'assigned',
      contractorId,
      kitStatus: 'arrived',
      partnerId,
      jobTypeId,
    });
  // Each test books its own day: one engineer has room for one morning visit a day.
  const scheduleBody = (date = '2026-12-01') => ({ engineerId, date, slot: 'am' });
  const visitsOf = (orderId: string) =>
    count('select count(*) as n from visits where order_id = $1', [orderId]);
  const eventsOf = (orderId: string, type: string) =>
    count('select count(*) as n from order_events where order_id = $1 and type = $2', [
      orderId,
      type,
    ]);
  const keyRow = async (userId: string, key: string) =>
    (await sql('select * from idempotency_keys where user_id = $1 and key = $2', [userId, key]))[0];

  it('replays the first answer of an order action and schedules one visit', async () => {
    const order = await assignedOrder();
    const key = randomUUID();
    const url = `/api/orders/${order.id}/schedule`;
    const first = await send(contractorHeaders, 'POST', url, scheduleBody(), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await send(contractorHeaders, 'POST', url, scheduleBody(), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await visitsOf(order.id)).toBe(1);
    expect(await eventsOf(order.id, 'schedule')).toBe(1);

    // The same body with its keys in another order is the same request.
    const reordered = await send(
      contractorHeaders,
      'POST',
      url,
      { slot: 'am', date: '2026-12-01', engineerId },
      key,
    );
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(await visitsOf(order.id)).toBe(1);
  });

  it('creates one order for two posts with one key, replayed as 201', async () => {
    const key = randomUUID();
    const partnerReference = `IDEM-${key.slice(0, 8)}`;
    const body = {
      partnerId,
      partnerReference,
      jobTypeId,
      customer: {
        firstName: 'Jenna',
        lastName: 'Pascoe',
        email: 'jenna.pascoe@example.com',
        phone: '07700 900123',
        address: { line1: '3 Fore Street', town: 'Exeter', postcode: 'EX1 1AA' },
      },
    };
    const first = await send(backOffice, 'POST', '/api/orders', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(backOffice, 'POST', '/api/orders', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(
      await count('select count(*) as n from orders where partner_reference = $1', [
        partnerReference,
      ]),
    ).toBe(1);
  });

  it('answers 422 when the key comes back with another body, path or method', async () => {
    const order = await assignedOrder();
    const key = randomUUID();
    const url = `/api/orders/${order.id}/schedule`;
    expect(
      (await send(contractorHeaders, 'POST', url, scheduleBody('2026-12-02'), key)).statusCode,
    ).toBe(200);

    const otherBody = await send(
      contractorHeaders,
      'POST',
      url,
      { ...scheduleBody('2026-12-02'), slot: 'pm' },
      key,
    );
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ code: idempotencyErrorCodes.keyReused });

    const otherPath = await send(
      contractorHeaders,
      'POST',
      `/api/orders/${order.id}/reschedule`,
      scheduleBody('2026-12-02'),
      key,
    );
    expect(otherPath.statusCode).toBe(422);
    expect(otherPath.json().code).toBe(idempotencyErrorCodes.keyReused);
    expect(await visitsOf(order.id)).toBe(1);
  });

  it('lets one of several concurrent requests with one key run; the others get 409 or its replay', async () => {
    const order = await assignedOrder();
    const key = randomUUID();
    const url = `/api/orders/${order.id}/schedule`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        send(contractorHeaders, 'POST', url, scheduleBody('2026-12-03'), key),
      ),
    );
    const ran = answers.filter(
      (res) => res.statusCode === 200 && res.headers['idempotent-replayed'] === undefined,
    );
    expect(ran).toHaveLength(1);
    for (const res of answers.filter((answer) => answer !== ran[0])) {
      if (res.statusCode === 409) {
        expect(res.json().code).toBe(idempotencyErrorCodes.inProgress);
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.headers['idempotent-replayed']).toBe('true');
        expect(res.body).toBe(ran[0]!.body);
      }
    }
    expect(await visitsOf(order.id)).toBe(1);
    expect(await eventsOf(order.id, 'schedule')).toBe(1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const order = await assignedOrder();
    const key = randomUUID();
    const url = `/api/orders/${order.id}/validate`;
    // A run in progress on another server: its row, claimed a moment ago.
    await sql(
      `insert into idempotency_keys (user_id, key, fingerprint, method, path, status, run_id)
       values ($1, $2, $3, 'POST', $4, 'running', $5)`,
      [backOfficeId, key, requestFingerprint('POST', url, {}), url, randomUUID()],
    );
    const res = await send(backOffice, 'POST', url, {}, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: idempotencyErrorCodes.inProgress });
    expect(res.headers['retry-after']).toBe('1');
    expect(await eventsOf(order.id, 'validate')).toBe(0);
  });

  it('takes over a running row left by a dead process after the takeover age', async () => {
    const order = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const key = randomUUID();
    const url = `/api/orders/${order.id}/validate`;
    await sql(
      `insert into idempotency_keys (user_id, key, fingerprint, method, path, status, run_id, locked_at)
       values ($1, $2, $3, 'POST', $4, 'running', $5, now() - interval '6 minutes')`,
      [backOfficeId, key, requestFingerprint('POST', url, {}), url, randomUUID()],
    );
    // Another request cannot take it over: the key is still bound to the first one.
    const other = await send(backOffice, 'POST', url, { expectedVersion: 1 }, key);
    expect(other.statusCode).toBe(422);

    const res = await send(backOffice, 'POST', url, {}, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('validated');
    expect(await keyRow(backOfficeId, key)).toMatchObject({
      status: 'completed',
      response_status: 200,
    });
    const again = await send(backOffice, 'POST', url, {}, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await eventsOf(order.id, 'validate')).toBe(1);
  });

  it('keeps keys per user: another user may use the same key for their own request', async () => {
    const other = await signInAs(app, 'back_office');
    const key = `shared-key-${randomUUID()}`;
    const first = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const second = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const mine = await send(backOffice, 'POST', `/api/orders/${first.id}/validate`, {}, key);
    expect(mine.statusCode).toBe(200);
    const theirs = await send(other.headers, 'POST', `/api/orders/${second.id}/validate`, {}, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).toBe(second.id);
    expect(await eventsOf(second.id, 'validate')).toBe(1);

    // The same request under the other user's session is theirs to run, not a replay of mine.
    const third = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const url = `/api/orders/${third.id}/validate`;
    expect((await send(backOffice, 'POST', url, {}, `k-${key}`)).statusCode).toBe(200);
    const otherUser = await send(other.headers, 'POST', url, {}, `k-${key}`);
    expect(otherUser.headers['idempotent-replayed']).toBeUndefined();
    expect(otherUser.statusCode).toBe(409); // already validated: the lifecycle refuses
  });

  it('refuses a key that is empty, longer than 255 characters or not printable ASCII', async () => {
    const order = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const url = `/api/orders/${order.id}/validate`;
    for (const key of ['', 'x'.repeat(256), 'tab\there']) {
      const res = await send(backOffice, 'POST', url, {}, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({
        code: idempotencyErrorCodes.invalidKey,
        message: expect.stringContaining('Idempotency-Key'),
      });
    }
    expect(await eventsOf(order.id, 'validate')).toBe(0);
    const longest = await send(backOffice, 'POST', url, {}, `${'x'.repeat(254)}~`);
    expect(longest.statusCode).toBe(200);
    expect(await keyRow(backOfficeId, `${'x'.repeat(254)}~`)).toBeDefined();
  });

  it('keeps a key 24 hours, then forgets it', async () => {
    const order = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const key = randomUUID();
    const url = `/api/orders/${order.id}/hold`;
    const first = await send(backOffice, 'POST', url, { reason: 'Customer away' }, key);
    expect(first.statusCode, first.body).toBe(200);

    await sql(
      `update idempotency_keys set created_at = now() - interval '23 hours'
        where user_id = $1 and key = $2`,
      [backOfficeId, key],
    );
    const withinADay = await send(backOffice, 'POST', url, { reason: 'Customer away' }, key);
    expect(withinADay.headers['idempotent-replayed']).toBe('true');

    await sql(
      `update idempotency_keys set created_at = now() - interval '25 hours'
        where user_id = $1 and key = $2`,
      [backOfficeId, key],
    );
    // Expired: the key is free again, even for another request.
    const resume = await send(backOffice, 'POST', `/api/orders/${order.id}/resume`, {}, key);
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.headers['idempotent-replayed']).toBeUndefined();
    expect(resume.json().status).toBe('received');
    expect(await keyRow(backOfficeId, key)).toMatchObject({
      path: `/api/orders/${order.id}/resume`,
    });
  });

  it('purges expired keys on a keyed request, at most every ten minutes per process', async () => {
    const order = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const stale = `stale-${randomUUID()}`;
    const fresh = `fresh-${randomUUID()}`;
    for (const [key, age] of [
      [stale, '25 hours'],
      [fresh, '1 hour'],
    ]) {
      await sql(
        `insert into idempotency_keys
           (user_id, key, fingerprint, method, path, status, run_id, response_status, created_at)
         values ($1, $2, 'x', 'POST', '/api/x', 'completed', $3, 200, now() - $4::interval)`,
        [backOfficeId, key, randomUUID(), age],
      );
    }
    // A new process (app) purges on its first keyed request.
    const fresh2 = await createTestApp();
    const res = await fresh2.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/validate`,
      headers: { ...backOffice, 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(await keyRow(backOfficeId, stale)).toBeUndefined();
    expect(await keyRow(backOfficeId, fresh)).toBeDefined();
    await fresh2.close();
  });

  it('does not keep a 5xx answer: the retry with the same key runs again', async () => {
    const key = randomUUID();
    const body = {
      code: `IDEM${key.slice(0, 6)}`.toUpperCase(),
      name: 'Idempotent install',
      defaultPricePence: 10_000,
      defaultPayoutPence: 6_000,
    };
    await app.deps.database.exec(`
      create function idem_test_fail() returns trigger language plpgsql as
        $$ begin raise exception 'storage offline'; end $$;
      create trigger idem_test_fail before insert on job_types
        for each row execute function idem_test_fail();
    `);
    let failed;
    try {
      failed = await send(backOffice, 'POST', '/api/job-types', body, key);
    } finally {
      await app.deps.database.exec(`
        drop trigger idem_test_fail on job_types;
        drop function idem_test_fail();
      `);
    }
    expect(failed!.statusCode).toBe(500);
    expect(await keyRow(backOfficeId, key)).toBeUndefined();

    const retry = await send(backOffice, 'POST', '/api/job-types', body, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('select count(*) as n from job_types where code = $1', [body.code])).toBe(1);
  });

  it('keeps and replays a 4xx answer', async () => {
    const order = await buildOrder(app, { status: 'received', partnerId, jobTypeId });
    const key = randomUUID();
    const url = `/api/orders/${order.id}/close`;
    const first = await send(backOffice, 'POST', url, {}, key);
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('INVALID_TRANSITION');
    const again = await send(backOffice, 'POST', url, {}, key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('replays a 204 as a 204 with no body', async () => {
    const order = await buildOrder(app, {
      status: 'validated',
      contractorId,
      accepted: false,
      partnerId,
      jobTypeId,
    });
    const key = randomUUID();
    const url = `/api/orders/${order.id}/decline`;
    const first = await send(contractorHeaders, 'POST', url, { reason: 'Too far' }, key);
    expect(first.statusCode).toBe(204);
    const again = await send(contractorHeaders, 'POST', url, { reason: 'Too far' }, key);
    expect(again.statusCode).toBe(204);
    expect(again.body).toBe('');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await eventsOf(order.id, 'decline')).toBe(1);

    const jobType = await createJobType(app);
    const deleteKey = randomUUID();
    const deleted = await send(
      backOffice,
      'DELETE',
      `/api/job-types/${jobType.id}`,
      undefined,
      deleteKey,
    );
    expect(deleted.statusCode).toBe(204);
    const deletedAgain = await send(
      backOffice,
      'DELETE',
      `/api/job-types/${jobType.id}`,
      undefined,
      deleteKey,
    );
    expect(deletedAgain.statusCode).toBe(204);
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('leaves requests without the header, reads, and sign-in calls as they were', async () => {
    const order = await assignedOrder();
    const url = `/api/orders/${order.id}/schedule`;
    const first = await send(contractorHeaders, 'POST', url, scheduleBody('2026-12-04'));
    expect(first.statusCode).toBe(200);
    const second = await send(contractorHeaders, 'POST', url, scheduleBody('2026-12-04'));
    expect(second.statusCode).toBe(409); // the lifecycle, not a replay
    expect(second.headers['idempotent-replayed']).toBeUndefined();

    const before = await count('select count(*) as n from idempotency_keys', []);
    const read = await send(backOffice, 'GET', `/api/orders/${order.id}`, undefined, 'read-key');
    expect(read.statusCode).toBe(200);
    expect(read.headers['idempotent-replayed']).toBeUndefined();

    // Sign-in is public: a replay must not repeat its cookies, so keys are not kept there.
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...sameOrigin(app), 'idempotency-key': 'login-key' },
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
    expect((await login()).statusCode).toBe(401);
    const again = await login();
    expect(again.statusCode).toBe(401);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('select count(*) as n from idempotency_keys', [])).toBe(before);
  });
});
