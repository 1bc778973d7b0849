import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type AuthHeaders } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from '../audit/audit.schema';
import { sessions } from '../auth/sessions.schema';
import { users } from './users.schema';

// A user change and its audit row commit together: when the audit write fails, the change is
// undone too (it would stay if the audit were written after the change's transaction).
describe('audit rows in the change’s transaction', () => {
  let app: TestApp;
  let backOffice: AuthHeaders;
  const db = () => app.deps.database.db;

  beforeAll(async () => {
    app = await createTestApp();
    backOffice = (await signInAs(app, 'back_office')).headers;
  });

  /** Makes the database refuse one audit row: this action about this user. */
  async function refuseAudit(action: string, userId: string) {
    await db().execute(
      sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$
        begin
          if new.action = '${action}' and new.target_id = '${userId}' then
            raise exception 'audit refused for the test';
          end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()',
      ),
    );
  }

  afterEach(async () => {
    await db().execute(sql.raw('drop trigger if exists refuse_audit on audit_log'));
  });

  const auditRows = (userId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)));

  it('leaves the user enabled, signed in and unaudited when the disable audit fails', async () => {
    const engineer = await signInAs(app, 'engineer');
    const id = engineer.user.id;
    await refuseAudit('user.disabled', id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/users/${id}/disable`,
      headers: backOffice,
    });
    expect(res.statusCode).toBe(500);
    const [user] = await db().select().from(users).where(eq(users.id, id));
    expect(user!.status).toBe('active');
    expect(await db().select().from(sessions).where(eq(sessions.userId, id))).not.toHaveLength(0);
    expect(await auditRows(id)).toHaveLength(0);

    await db().execute(sql.raw('drop trigger refuse_audit on audit_log'));
    const again = await app.inject({
      method: 'POST',
      url: `/api/users/${id}/disable`,
      headers: backOffice,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await auditRows(id)).map((row) => row.action)).toEqual(['user.disabled']);
  });

  it('undoes a role change and its audit row when a later audit row of the change fails', async () => {
    const engineer = await signInAs(app, 'engineer', { firstName: 'Ewan' });
    const id = engineer.user.id;
    // The role change is audited first, then the name change; the second write fails.
    await refuseAudit('user.updated', id);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: backOffice,
      payload: { role: 'contractor', firstName: 'Evan' },
    });
    expect(res.statusCode).toBe(500);
    const [user] = await db().select().from(users).where(eq(users.id, id));
    expect(user!.role).toBe('engineer');
    expect(user!.firstName).toBe('Ewan');
    expect(await auditRows(id)).toHaveLength(0);
  });
});
