import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobType, createPartner } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { createOrder } from './order-create.service';
import { createIntakeOrder } from './order-intake.service';

// Decision 088: a partner's order written in one statement holds the same rows, field for field,
// as createOrder writes for the same order (apart from ids, numbers and the partner reference).

describe('partner order intake', () => {
  let app: TestApp;
  let partner: { id: string; name: string };
  let jobType: { id: string; code: string };

  beforeAll(async () => {
    app = await createTestApp();
    partner = await createPartner(app, { name: 'Intake Partner' });
    jobType = await createJobType(app);
  });
  afterAll(() => app.close());

  const customer = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '+447700900123',
    address: {
      line1: '1 High Street',
      line2: 'Flat 2',
      town: 'Exeter',
      county: null,
      postcode: 'EX1 1AA',
    },
  };

  const rowsOf = async (orderId: string) => {
    const q = (text: string) => app.deps.database.query(text, [orderId]);
    const order = (await q(`select * from orders where id = $1`)).rows[0]!;
    const person = (
      await q(`select c.* from customers c join orders o on o.customer_id = c.id where o.id = $1`)
    ).rows[0]!;
    const events = (await q(`select * from order_events where order_id = $1`)).rows;
    const outbox = (await q(`select * from domain_events where aggregate_id = $1::text`)).rows;
    const facts = (
      await q(
        `select f.report, f.kind from report_facts f join order_events e on e.id = f.event_id where e.order_id = $1`,
      )
    ).rows;
    return { order, person, events, outbox, facts };
  };

  /** The rows without what differs between two orders by nature. */
  const comparable = (rows: Awaited<ReturnType<typeof rowsOf>>) => {
    const { order, person, events, outbox, facts } = rows;
    const number = String(order.order_number);
    const reference = String(order.partner_reference);
    const masked = (text: unknown) =>
      String(text).replaceAll(number.toLowerCase(), 'N').replaceAll(reference.toLowerCase(), 'R');
    const pick = (row: Record<string, unknown>, drop: string[]) =>
      Object.fromEntries(Object.entries(row).filter(([k]) => !drop.includes(k)));
    const times = ['created_at', 'updated_at', 'received_at', 'sla_at_risk_at', 'sla_due_at'];
    return {
      order: {
        ...pick(order, ['id', 'order_number', 'partner_reference', 'customer_id', ...times]),
        search_text: masked(order.search_text),
        sla_days_after_received:
          (new Date(String(order.sla_due_at)).getTime() -
            new Date(String(order.received_at)).getTime()) /
          86_400_000,
      },
      customer: {
        ...pick(person, ['id', 'reference', 'search_text', 'created_at', 'updated_at']),
        search_text: String(person.search_text).replace(
          String(person.reference).toLowerCase(),
          'REF',
        ),
      },
      events: events.map((e) => ({
        ...pick(e, ['id', 'order_id', 'created_at', 'data']),
        dataKeys: Object.keys(e.data as object).sort(),
      })),
      outbox: outbox.map((d) => ({
        ...pick(d, ['id', 'aggregate_id', 'occurred_at', 'data']),
        dataKeys: Object.keys(d.data as object).sort(),
        sameIdAsEvent: d.id === events[0]!.id,
      })),
      facts,
    };
  };

  it('writes the customer, order, created event, outbox row and report fact as createOrder does', async () => {
    const db = app.deps.database.db;
    const input = {
      requestedDate: '2030-05-01',
      notes: 'Side gate',
      customerSuppliesKit: true,
    };
    const viaCreate = await createOrder(
      db,
      {
        partnerId: partner.id,
        partnerReference: `A-${randomUUID().slice(0, 8)}`,
        jobTypeId: jobType.id,
        customer: { ...customer, latitude: null, longitude: null, notes: null },
        requestedDate: input.requestedDate,
        notes: input.notes,
        customerSuppliesKit: true,
        allowDuplicateCustomer: true,
      },
      { kind: 'partner', partnerId: partner.id, name: partner.name },
    );
    const viaIntake = await createIntakeOrder(db, {
      partnerId: partner.id,
      partnerName: partner.name,
      jobTypeCode: jobType.code.toLowerCase(),
      partnerReference: `B-${randomUUID().slice(0, 8)}`,
      customer,
      ...input,
    });
    expect(viaIntake.outcome).toBe('created');
    if (viaIntake.outcome !== 'created') return;

    const expected = comparable(await rowsOf(viaCreate.id));
    const actual = comparable(await rowsOf(viaIntake.order.id));
    expect(actual).toEqual(expected);
    expect(actual.events).toHaveLength(1);
    expect(actual.outbox).toHaveLength(1);
    expect(actual.outbox[0]!.sameIdAsEvent).toBe(true);

    // The answer is what was written.
    const written = await rowsOf(viaIntake.order.id);
    expect(viaIntake.order.orderNumber).toBe(written.order.order_number);
    expect(viaIntake.order.createdAt).toEqual(written.order.created_at);
  });

  it('draws no numbers and writes nothing for an unknown or inactive job type', async () => {
    const before = await app.deps.database.query(
      `select (select count(*) from orders)::int as orders, (select last_value from order_number_seq) as seq`,
    );
    const outcome = await createIntakeOrder(app.deps.database.db, {
      partnerId: partner.id,
      partnerName: partner.name,
      jobTypeCode: 'NO_SUCH_TYPE',
      partnerReference: `C-${randomUUID().slice(0, 8)}`,
      customer,
      requestedDate: null,
      notes: null,
      customerSuppliesKit: false,
    });
    expect(outcome).toEqual({ outcome: 'unknown_job_type' });
    const after = await app.deps.database.query(
      `select (select count(*) from orders)::int as orders, (select last_value from order_number_seq) as seq`,
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});
