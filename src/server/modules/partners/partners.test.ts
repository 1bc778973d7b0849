import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

describe('partners and job types API', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  const send = (
    method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
    url: string,
    payload?: object,
    headers = backOffice,
  ) => app.inject({ method, url, headers, payload });

  it('creates, reads, edits and deletes a partner', async () => {
    const created = await send('POST', '/api/partners', {
      name: 'SBPM',
      code: 'sbpm',
      contactEmail: 'Ops@SBPM.example.com',
      contactPhone: '020 7946 0000',
      slaTargetDays: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const partner = created.json();
    expect(partner).toMatchObject({
      code: 'SBPM',
      contactEmail: 'ops@sbpm.example.com',
      contactPhone: '+442079460000',
      slaTargetDays: 10,
      active: true,
      orderCount: 0,
    });
    expect(
      (await send('GET', '/api/partners')).json().items.map((p: { id: string }) => p.id),
    ).toContain(partner.id);
    const edited = await send('PATCH', `/api/partners/${partner.id}`, {
      slaTargetDays: null,
      active: false,
    });
    expect(edited.json()).toMatchObject({ slaTargetDays: null, active: false, name: 'SBPM' });
    const taken = await send('POST', '/api/partners', { name: 'Other', code: 'SBPM' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('CODE_TAKEN');
    expect((await send('DELETE', `/api/partners/${partner.id}`)).statusCode).toBe(204);
    expect((await send('GET', `/api/partners/${partner.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a partner with orders', async () => {
    const order = await buildOrder(app);
    const res = await send('DELETE', `/api/partners/${order.partnerId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IN_USE');
  });

  it.each([
    ['name', { name: '' }],
    ['code', { code: 'a b c' }],
    ['contactEmail', { contactEmail: 'x' }],
    ['contactPhone', { contactPhone: '1' }],
    ['slaTargetDays', { slaTargetDays: 0 }],
  ])('refuses a partner with a bad %s', async (field, patch) => {
    const res = await send('POST', '/api/partners', { name: 'Good', code: 'GOOD', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty(field);
  });

  it('creates, edits and deletes a job type', async () => {
    const created = await send('POST', '/api/job-types', {
      code: 'std_install',
      name: 'Standard installation',
      defaultPricePence: 19_900,
      defaultPayoutPence: 12_000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const jobType = created.json();
    expect(jobType).toMatchObject({ code: 'STD_INSTALL', active: true, description: null });
    const edited = await send('PATCH', `/api/job-types/${jobType.id}`, {
      defaultPricePence: 21_000,
    });
    expect(edited.json().defaultPricePence).toBe(21_000);
    expect((await send('GET', `/api/job-types/${jobType.id}`)).json().name).toBe(
      'Standard installation',
    );
    expect(
      (
        await send('POST', '/api/job-types', {
          code: 'STD_INSTALL',
          name: 'x',
          defaultPricePence: 1,
          defaultPayoutPence: 1,
        })
      ).statusCode,
    ).toBe(409);
    expect((await send('DELETE', `/api/job-types/${jobType.id}`)).statusCode).toBe(204);
    expect((await send('PATCH', `/api/job-types/${jobType.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    const order = await buildOrder(app);
    expect((await send('DELETE', `/api/job-types/${order.jobTypeId}`)).statusCode).toBe(409);
  });

  it.each([
    ['code', { code: '' }],
    ['name', { name: '' }],
    ['defaultPricePence', { defaultPricePence: -1 }],
    ['defaultPayoutPence', { defaultPayoutPence: 'ten' }],
  ])('refuses a job type with a bad %s', async (field, patch) => {
    const res = await send('POST', '/api/job-types', {
      code: 'OK_CODE',
      name: 'Ok',
      defaultPricePence: 1,
      defaultPayoutPence: 1,
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty(field);
  });

  it.each(['contractor', 'engineer', 'customer'] as const)('answers 403 to a %s', async (role) => {
    const { headers } = await signInAs(app, role);
    expect((await send('GET', '/api/partners', undefined, headers)).statusCode).toBe(403);
    expect(
      (await send('POST', '/api/partners', { name: 'x', code: 'XX' }, headers)).statusCode,
    ).toBe(403);
    expect(
      (
        await send(
          'POST',
          '/api/job-types',
          { code: 'XX', name: 'x', defaultPricePence: 1, defaultPayoutPence: 1 },
          headers,
        )
      ).statusCode,
    ).toBe(403);
    const list = await send('GET', '/api/job-types', undefined, headers);
    expect(list.statusCode).toBe(role === 'contractor' ? 200 : 403);
  });
});
