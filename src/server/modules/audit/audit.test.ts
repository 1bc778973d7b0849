import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditCsvHeader, type AuditEntry } from '@shared/audit/audit.contracts';
import { createCustomer } from '../../../../tests/factories/orders';
import { signInAs, type AuthHeaders, type TestUser } from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { auditLog } from './audit.schema';

// /api/audit (issue 21): filters, keyset pages, the CSV of the filtered range, the charts, and the
// log refusing UPDATE and DELETE at the database (run on PostgreSQL too: scripts/test-pg.ts).
describe('audit log API', () => {
  let app: TestApp;
  let office: { user: TestUser; headers: AuthHeaders };
  const db = () => app.deps.database.db;
  const get = (url: string, headers: AuthHeaders = office.headers) =>
    app.inject({ method: 'GET', url, headers });
  const seeded: { id: string; at: Date }[] = [];
  const otherActor = randomUUID();

  beforeAll(async () => {
    app = await createTestApp();
    office = await signInAs(app, 'back_office', { firstName: 'Audrey', lastName: 'Reader' });
    // 130 rows over 3 London days in January (GMT), ten of them sharing one instant.
    const base = Date.parse('2026-01-10T09:00:00Z');
    const rows = Array.from({ length: 130 }, (_, i) => ({
      id: randomUUID(),
      at: new Date(i < 10 ? base : base + (i % 3) * 86_400_000 + i * 60_000),
      actorUserId: i % 2 === 0 ? office.user.id : otherActor,
      action: ['auth.sign_in', 'auth.sign_in_failed', 'security.ip_blocked', 'auth.account_locked'][
        i % 4
      ]!,
      targetType: i % 5 === 0 ? 'user' : 'ip',
      targetId: i % 5 === 0 ? `user-${i % 7}` : '203.0.113.9',
      ip: i % 6 === 0 ? '198.51.100.7' : '203.0.113.9',
      details: {},
    }));
    await db().insert(auditLog).values(rows);
    seeded.push(...rows.map((row) => ({ id: row.id, at: row.at })));
  });

  /** Every page of a listing, following nextCursor. */
  async function allPages(query: string, limit = 17) {
    const items: AuditEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/api/audit?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: AuditEntry[]; nextCursor: string | null };
      items.push(...body.items);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    return items;
  }

  const inJanuary = 'from=2026-01-09&to=2026-01-13';

  it('pages the whole log newest first with no gaps or duplicates, ties broken by id', async () => {
    const items = await allPages(inJanuary);
    expect(items).toHaveLength(130);
    expect(new Set(items.map((item) => item.id)).size).toBe(130);
    const expected = [...seeded]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    expect(items.map((item) => item.id)).toEqual(expected);
    expect(items[0]).toMatchObject({
      actionLabel: expect.any(String),
      changes: [],
    });
  });

  it('filters by actor, action, target, IP address and date range', async () => {
    const byActor = await allPages(`${inJanuary}&actorId=${office.user.id}`);
    expect(byActor).toHaveLength(65);
    expect(byActor.every((item) => item.actor?.name === 'Audrey Reader')).toBe(true);
    const removed = await allPages(`${inJanuary}&actorId=${otherActor}`);
    expect(removed[0]!.actor).toEqual({ id: otherActor, name: 'Removed user' });

    const failures = await allPages(`${inJanuary}&action=auth.sign_in_failed`);
    expect(failures).toHaveLength(33);
    expect(failures.every((item) => item.actionLabel === 'Sign-in failed')).toBe(true);

    const target = await allPages(`${inJanuary}&targetType=user&targetId=user-3`);
    expect(target.length).toBeGreaterThan(0);
    expect(target.every((item) => item.targetId === 'user-3')).toBe(true);
    // Not a user's id: the target keeps its id, after its kind in words.
    expect(target[0]!.target).toBe('User: user-3');

    const ip = await allPages(`${inJanuary}&ip=198.51.100.7`);
    expect(ip).toHaveLength(22);
    expect(ip.every((item) => item.ip === '198.51.100.7')).toBe(true);

    const oneDay = await allPages('from=2026-01-11&to=2026-01-11');
    expect(oneDay).toHaveLength(
      seeded.filter((row) => row.at.toISOString().startsWith('2026-01-11')).length,
    );
    const combined = await allPages(
      `from=2026-01-10&to=2026-01-10&action=auth.sign_in&actorId=${office.user.id}`,
    );
    expect(combined.every((item) => item.action === 'auth.sign_in')).toBe(true);
    expect(combined.every((item) => item.at.startsWith('2026-01-10'))).toBe(true);
  });

  it('names the target in words: a user by name, an IP address as such', async () => {
    await db()
      .insert(auditLog)
      .values({
        at: new Date('2026-02-02T10:00:00Z'),
        actorUserId: office.user.id,
        action: 'user.updated',
        targetType: 'user',
        targetId: office.user.id,
        details: {},
      });
    const [named] = await allPages('from=2026-02-02&to=2026-02-02&action=user.updated');
    expect(named!.target).toBe('User: Audrey Reader');
    const [blocked] = await allPages(`${inJanuary}&action=security.ip_blocked&targetType=ip`);
    expect(blocked!.target).toBe('IP address: 203.0.113.9');
  });

  it('refuses a tampered, forged or garbled cursor with 400', async () => {
    const first = (await get(`/api/audit?${inJanuary}&limit=5`)).json() as { nextCursor: string };
    const [payload, signature] = first.nextCursor.split('.') as [string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify(['2030-01-01T00:00:00.000000Z', randomUUID()]),
    ).toString('base64url');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const cursor of [
      `${payload}.${flipped}`,
      `${forgedPayload}.${signature}`,
      'not-a-cursor',
      `${payload}`,
      `${payload}.${signature}.x`,
    ]) {
      const res = await get(`/api/audit?limit=5&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().details.cursor).toEqual([
        'That page cursor is not one we gave out: start again from the first page',
      ]);
    }
  });

  it('refuses bad filters with a message on the field', async () => {
    const badDay = await get('/api/audit?from=2026-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().details.from).toBeDefined();
    const backwards = await get('/api/audit?from=2026-02-03&to=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details.to).toEqual([
      'The end date must be on or after the start date',
    ]);
    expect((await get('/api/audit?actorId=someone')).statusCode).toBe(400);
    expect((await get('/api/audit?limit=0')).statusCode).toBe(400);
    expect((await get('/api/audit?ip=1.2.3.4%20x')).statusCode).toBe(400);
  });

  it('answers only back office: 403 for other roles, 401 when signed out', async () => {
    const urls = ['/api/audit', '/api/audit/export.csv', '/api/audit/charts'];
    for (const role of ['contractor', 'engineer', 'customer'] as const) {
      const { headers } = await signInAs(app, role);
      for (const url of urls)
        expect((await get(url, headers)).statusCode, `${role} ${url}`).toBe(403);
    }
    for (const url of urls) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('shows a data change field by field, before and after, in words', async () => {
    const { user } = await signInAs(app, 'contractor', { firstName: 'Pat', lastName: 'Old' });
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: office.headers,
      payload: { lastName: 'New', role: 'engineer' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const items = (await get(`/api/audit?targetType=user&targetId=${user.id}`)).json()
      .items as AuditEntry[];
    expect(items.find((item) => item.action === 'user.updated')!.changes).toEqual([
      { field: 'Last name', before: 'Old', after: 'New' },
    ]);
    expect(items.find((item) => item.action === 'user.role_changed')).toMatchObject({
      actionLabel: 'User role changed',
      actor: { id: office.user.id, name: 'Audrey Reader' },
      changes: [{ field: 'Role', before: 'Contractor', after: 'Engineer' }],
    });

    const customer = await createCustomer(app, { phone: '07700900111' });
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/customers/${customer.id}`,
      headers: office.headers,
      payload: { firstName: 'Morwenna', notes: 'Gate code 1234' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [row] = (await get(`/api/audit?targetType=customer&targetId=${customer.id}`)).json()
      .items as AuditEntry[];
    // A customer's fields are personal data: named as changed, their values never copied into
    // the append-only log, which anonymising could not clean (decision 069).
    expect(row!.changes).toEqual([
      { field: 'First name', before: '', after: '', withheld: true },
      { field: 'Notes', before: '', after: '', withheld: true },
    ]);
    expect(JSON.stringify(row)).not.toContain('Gate code');
  });

  it('says what a failed sign-in tried and why it failed, in words and in the CSV', async () => {
    const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const attempt = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'not-the-password-1' },
      remoteAddress: '192.0.2.77',
    });
    expect(attempt.statusCode).toBe(401);
    const [failed] = (await get('/api/audit?action=auth.sign_in_failed&ip=192.0.2.77')).json()
      .items as AuditEntry[];
    expect(failed).toMatchObject({
      actionLabel: 'Sign-in failed',
      changes: [],
      facts: [
        { label: 'Email', value: email },
        { label: 'Reason', value: 'Unknown email' },
      ],
    });
    const csv = (await get('/api/audit/export.csv?action=auth.sign_in_failed&ip=192.0.2.77')).body;
    expect(csv.trimEnd().split('\r\n')[1]).toContain(`,Email: ${email}; Reason: Unknown email,`);
    // Tried by someone without a session: not the system.
    expect(csv.trimEnd().split('\r\n')[1]).toContain(',Not signed in,Sign-in failed,');
  });

  it('exports the filtered range as CSV with its header row', async () => {
    const res = await get(`/api/audit/export.csv?${inJanuary}&ip=198.51.100.7`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Actor,Action,Target,Target ID,IP address,Changes,Details,User agent',
    );
    expect(lines[0]!.split(',')).toEqual([...auditCsvHeader]);
    expect(lines).toHaveLength(1 + 22);
    expect(lines.slice(1).every((line) => line.includes(',198.51.100.7,'))).toBe(true);

    const all = await get(`/api/audit/export.csv?${inJanuary}`);
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(1 + 130);
  });

  it('writes a change with a comma and a formula safely into the CSV', async () => {
    const customer = await createCustomer(app);
    await app.inject({
      method: 'PATCH',
      url: `/api/customers/${customer.id}`,
      headers: office.headers,
      payload: { notes: '=SUM(A1), "quoted"' },
    });
    const res = await get(`/api/audit/export.csv?targetType=customer&targetId=${customer.id}`);
    expect(res.body).toContain('Notes: changed (personal data, not kept in the log)');
    expect(res.body).not.toContain('SUM(A1)');
    expect(res.body).toContain(
      `,Audrey Reader,Customer updated,Customer: ${customer.id},${customer.id},`,
    );
  });

  it('counts sign-ins, failures, lockouts and IP blocks per day and per hour', async () => {
    const daily = await get('/api/audit/charts?from=2026-01-09&to=2026-01-13');
    expect(daily.statusCode, daily.body).toBe(200);
    const body = daily.json();
    expect(body.interval).toBe('day');
    expect(body.buckets.map((b: { start: string }) => b.start)).toEqual([
      '2026-01-09T00:00',
      '2026-01-10T00:00',
      '2026-01-11T00:00',
      '2026-01-12T00:00',
      '2026-01-13T00:00',
    ]);
    const sum = (key: string) =>
      body.buckets.reduce((total: number, b: Record<string, number>) => total + b[key]!, 0);
    expect([sum('signIns'), sum('signInFailures'), sum('ipBlocks'), sum('lockouts')]).toEqual([
      33, 33, 32, 32,
    ]);
    expect(body.buckets[0]).toEqual({
      start: '2026-01-09T00:00',
      signIns: 0,
      signInFailures: 0,
      lockouts: 0,
      ipBlocks: 0,
    });

    const hourly = (
      await get('/api/audit/charts?from=2026-01-10&to=2026-01-10&interval=hour')
    ).json();
    expect(hourly.buckets).toHaveLength(24);
    const nine = hourly.buckets.find((b: { start: string }) => b.start === '2026-01-10T09:00');
    // The ten rows at 09:00 exactly, plus those a few minutes later on day one.
    expect(nine.signIns + nine.signInFailures + nine.lockouts + nine.ipBlocks).toBeGreaterThan(9);

    const tooLong = await get('/api/audit/charts?from=2026-01-01&to=2026-03-01&interval=hour');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      'Charts show at most 31 days by the hour and 366 days by the day',
    );
    expect((await get('/api/audit/charts?from=2026-01-05&to=2026-01-01')).statusCode).toBe(400);
    const lastMonth = (await get('/api/audit/charts')).json();
    expect(lastMonth.buckets).toHaveLength(30);
  });

  it('refuses UPDATE and DELETE of an entry in the database itself', async () => {
    /** The database's own words when it refuses (drizzle wraps them in `cause`). */
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await db().execute(statement);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: Error }).cause?.message ?? error);
      }
    };
    const id = seeded[0]!.id;
    expect(await refusal(sql`update audit_log set action = 'forged' where id = ${id}`)).toMatch(
      /audit_log is append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from audit_log where id = ${id}`)).toMatch(
      /audit_log is append-only: DELETE refused/,
    );
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE refused/);
    const [row] = (
      (await db().execute(sql`select action, (select count(*)::int from audit_log) as n
        from audit_log where id = ${id}`)) as unknown as { rows: { action: string; n: number }[] }
    ).rows;
    expect(row!.action).not.toBe('forged');
    expect(row!.n).toBeGreaterThanOrEqual(130);
  });
});
