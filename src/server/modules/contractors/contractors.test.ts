import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor, createJobType } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

describe('contractors API and assignment queue', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  let jobTypeId: string;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
    jobTypeId = (await createJobType(app, { name: 'Standard installation' })).id;
  });

  const send = (
    method: 'POST' | 'PATCH' | 'GET',
    url: string,
    payload?: object,
    headers = backOffice,
  ) => app.inject({ method, url, headers, payload });

  const valid = () => ({
    name: 'Kernow Dish Installers',
    companyNumber: '11223344',
    vatNumber: 'GB 123 4567 89',
    contactEmail: 'Jobs@Kernow.example.com',
    contactPhone: '01872 270000',
    address: { line1: '2 Lemon Quay', town: 'Truro', postcode: 'tr12lw' },
    coverageAreas: ['tr', ' PL12 ', 'TR'],
    rates: [{ jobTypeId, payoutPence: 12_500 }],
  });

  it('creates, reads and edits a contractor with coverage, rates and engineers', async () => {
    const created = await send('POST', '/api/contractors', valid());
    expect(created.statusCode, created.body).toBe(201);
    const contractor = created.json();
    expect(contractor).toMatchObject({
      vatNumber: 'GB123456789',
      contactEmail: 'jobs@kernow.example.com',
      contactPhone: '+441872270000',
      address: { postcode: 'TR1 2LW' },
      coverageAreas: ['TR', 'PL12'],
      active: true,
      rates: [{ jobTypeId, jobTypeName: 'Standard installation', payoutPence: 12_500 }],
      engineers: [],
      engineerCount: 0,
    });
    const engineer = await signInAs(app, 'engineer', {
      contractorId: contractor.id,
      firstName: 'Tom',
    });
    const detail = await send('GET', `/api/contractors/${contractor.id}`);
    expect(detail.json().engineers).toEqual([
      expect.objectContaining({ id: engineer.user.id, firstName: 'Tom', active: true }),
    ]);
    const edited = await send('PATCH', `/api/contractors/${contractor.id}`, {
      active: false,
      coverageAreas: ['EX'],
      rates: [],
    });
    expect(edited.json()).toMatchObject({ active: false, coverageAreas: ['EX'], rates: [] });
    const list = await send('GET', '/api/contractors?active=false');
    expect(list.json().items.map((c: { id: string }) => c.id)).toContain(contractor.id);
    const covering = await send('GET', '/api/contractors?covers=EX4%201AA');
    expect(covering.json().items.map((c: { id: string }) => c.id)).toContain(contractor.id);
    expect(
      (await send('GET', '/api/contractors/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it.each([
    ['name', { name: '' }],
    ['companyNumber', { companyNumber: '12' }],
    ['vatNumber', { vatNumber: 'FR123' }],
    ['contactEmail', { contactEmail: 'nope' }],
    ['contactPhone', { contactPhone: '12' }],
    ['address.postcode', { address: { line1: 'a', town: 'b', postcode: 'nope' } }],
    ['coverageAreas', { coverageAreas: ['EX1 1AA'] }],
    ['rates', { rates: [{ jobTypeId: 'x', payoutPence: 1 }] }],
  ])('refuses a bad %s', async (field, patch) => {
    const res = await send('POST', '/api/contractors', { ...valid(), ...patch });
    expect(res.statusCode).toBe(400);
    const keys = Object.keys(res.json().details ?? {});
    expect(
      keys.some((k) => k.startsWith(field)),
      keys.join(),
    ).toBe(true);
  });

  it('refuses rates for an unknown job type', async () => {
    const res = await send('POST', '/api/contractors', {
      ...valid(),
      rates: [{ jobTypeId: '00000000-0000-4000-8000-000000000000', payoutPence: 1 }],
    });
    expect(res.statusCode).toBe(400);
  });

  it('deletes an unused contractor; refuses one with engineers or orders', async () => {
    const unused = await createContractor(app);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/contractors/${unused.id}`,
          headers: backOffice,
        })
      ).statusCode,
    ).toBe(204);
    expect((await send('GET', `/api/contractors/${unused.id}`)).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/contractors/${unused.id}`,
          headers: backOffice,
        })
      ).statusCode,
    ).toBe(404);
    const busy = await createContractor(app);
    await buildOrder(app, { status: 'assigned', contractorId: busy.id });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/contractors/${busy.id}`,
      headers: backOffice,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('IN_USE');
    const { headers } = await signInAs(app, 'contractor', { contractorId: busy.id });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/contractors/${busy.id}`, headers }))
        .statusCode,
    ).toBe(403);
  });

  it('lets a contractor read only its own company', async () => {
    const own = await createContractor(app);
    const other = await createContractor(app);
    const { headers } = await signInAs(app, 'contractor', { contractorId: own.id });
    expect((await send('GET', `/api/contractors/${own.id}`, undefined, headers)).statusCode).toBe(
      200,
    );
    expect(
      (await send('GET', `/api/contractors/${own.id}/engineers`, undefined, headers)).statusCode,
    ).toBe(200);
    expect((await send('GET', `/api/contractors/${other.id}`, undefined, headers)).statusCode).toBe(
      404,
    );
    expect(
      (await send('GET', `/api/contractors/${other.id}/engineers`, undefined, headers)).statusCode,
    ).toBe(404);
    expect((await send('GET', '/api/contractors', undefined, headers)).statusCode).toBe(403);
    expect(
      (await send('PATCH', `/api/contractors/${own.id}`, { active: false }, headers)).statusCode,
    ).toBe(403);
  });

  it.each(['engineer', 'customer'] as const)('answers 403 to a %s', async (role) => {
    const { headers } = await signInAs(app, role);
    const contractor = await createContractor(app);
    expect((await send('GET', '/api/contractors', undefined, headers)).statusCode).toBe(403);
    expect((await send('POST', '/api/contractors', valid(), headers)).statusCode).toBe(403);
    expect(
      (await send('GET', `/api/contractors/${contractor.id}`, undefined, headers)).statusCode,
    ).toBe(403);
    expect((await send('GET', '/api/assignment-queue', undefined, headers)).statusCode).toBe(403);
  });

  describe('assignment queue', () => {
    it('lists validated orders without a contractor, covering contractors first, and assigns many', async () => {
      const cornwall = await createContractor(app, { name: 'AAA Cornwall', coverageAreas: ['TR'] });
      const devon = await createContractor(app, { name: 'AAA Devon', coverageAreas: ['EX'] });
      const truro = await buildOrder(app, {
        status: 'validated',
        customer: { postcode: 'TR1 1AA' },
      });
      const exeter = await buildOrder(app, {
        status: 'validated',
        customer: { postcode: 'EX1 1AA' },
      });
      const offered = await buildOrder(app, {
        status: 'validated',
        contractorId: devon.id,
        accepted: false,
      });
      const received = await buildOrder(app, { status: 'received' });
      const queue = await send('GET', '/api/assignment-queue');
      expect(queue.statusCode).toBe(200);
      const ids = queue.json().items.map((i: { id: string }) => i.id);
      expect(ids).toEqual(expect.arrayContaining([truro.id, exeter.id]));
      // A queue this short is counted, and says so (decision 097).
      expect(queue.json()).toMatchObject({ totalIsEstimate: false, totalIsLowerBound: false });
      expect(queue.json().total).toBeGreaterThanOrEqual(ids.length);
      expect(ids).not.toContain(offered.id);
      expect(ids).not.toContain(received.id);
      const truroItem = queue.json().items.find((i: { id: string }) => i.id === truro.id);
      expect(truroItem.suggestedContractors[0]).toMatchObject({ id: cornwall.id, covers: true });
      const exeterItem = queue.json().items.find((i: { id: string }) => i.id === exeter.id);
      const suggestions = exeterItem.suggestedContractors as { id: string; covers: boolean }[];
      const firstNotCovering = suggestions.findIndex((c) => !c.covers);
      expect(suggestions.slice(firstNotCovering).every((c) => !c.covers)).toBe(true);
      expect(suggestions.find((c) => c.id === devon.id)).toMatchObject({ covers: true });
      expect(suggestions.find((c) => c.id === cornwall.id)).toMatchObject({ covers: false });

      const assigned = await send('POST', '/api/assignment-queue/assign', {
        orderIds: [truro.id, exeter.id, received.id],
        contractorId: cornwall.id,
      });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json().results).toEqual([
        { orderId: truro.id, ok: true },
        { orderId: exeter.id, ok: true },
        expect.objectContaining({ orderId: received.id, ok: false, code: 'INVALID_TRANSITION' }),
      ]);
      const after = await send('GET', '/api/assignment-queue');
      expect(after.json().items.map((i: { id: string }) => i.id)).not.toContain(truro.id);
    });

    it('refuses bad input', async () => {
      expect(
        (
          await send('POST', '/api/assignment-queue/assign', {
            orderIds: [],
            contractorId: '00000000-0000-4000-8000-000000000000',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await send('POST', '/api/assignment-queue/assign', { orderIds: ['x'], contractorId: 'y' }))
          .statusCode,
      ).toBe(400);
      const order = await buildOrder(app, { status: 'validated' });
      const unknown = await send('POST', '/api/assignment-queue/assign', {
        orderIds: [order.id],
        contractorId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(400);
    });
  });
});
