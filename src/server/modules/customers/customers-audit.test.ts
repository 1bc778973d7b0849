import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../audit/audit.schema';
import { customers } from './customers.schema';

// A customer change and its audit row commit together (issue 8): when the audit write fails,
// the change is undone too; it would stay if the audit were written after the transaction.
describe('customer changes audited in their transaction', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  const db = () => app.deps.database.db;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  afterEach(async () => {
    await db().execute(sql.raw('drop trigger if exists refuse_audit on audit_log'));
  });

  async function refuseAudit(action: string) {
    await db().execute(
      sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$
        begin
          if new.action = '${action}' then raise exception 'audit refused for the test'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()',
      ),
    );
  }

  const auditRows = (id: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'customer'), eq(auditLog.targetId, id)));

  it('leaves the customer unvalidated and unaudited when the audit row fails', async () => {
    const customer = await createCustomer(app);
    await refuseAudit('customer.validated');
    const refused = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.id}/validate`,
      headers: backOffice,
    });
    expect(refused.statusCode).toBe(500);
    const [row] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.validationStatus).toBe('unvalidated');
    expect(await auditRows(customer.id)).toHaveLength(0);
  });

  it('records who validated, rejected and edited a customer, with the fields edited', async () => {
    const customer = await createCustomer(app);
    const validate = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.id}/validate`,
      headers: backOffice,
    });
    expect(validate.statusCode, validate.body).toBe(200);
    const reject = await app.inject({
      method: 'POST',
      url: `/api/customers/${customer.id}/reject`,
      headers: backOffice,
      payload: { reason: 'Address outside the coverage area' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/customers/${customer.id}`,
      headers: backOffice,
      payload: { firstName: 'Morwenna' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const rows = await auditRows(customer.id);
    expect(rows.map((row) => row.action).sort()).toEqual([
      'customer.rejected',
      'customer.updated',
      'customer.validated',
    ]);
    expect(rows.every((row) => row.actorUserId !== null)).toBe(true);
    expect(rows.find((row) => row.action === 'customer.rejected')!.details).toEqual({
      reason: 'Address outside the coverage area',
    });
    expect(rows.find((row) => row.action === 'customer.updated')!.details).toEqual({
      fields: ['firstName'],
      // A personal field: named as changed, its values never copied (decision 069).
      changes: [{ field: 'firstName', withheld: true }],
    });
  });
});
