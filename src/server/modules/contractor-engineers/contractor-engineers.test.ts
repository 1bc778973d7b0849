import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, createContractor } from '../../../../tests/factories/orders';
import {
  closeTestApp,
  createUser,
  sameOrigin,
  signIn,
  signInAs,
  type AuthHeaders,
} from '../../../../tests/support/auth';
import {
  extractSetPasswordLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../../tests/support/smtp-capture';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { sessions } from '../auth/sessions.schema';
import { users } from '../users/users.schema';
import { visits } from '../visits/visits.schema';
import { londonDateOf } from '@shared/london-date';

let app: TestApp;
let smtp: SmtpCapture;
let companyA: { id: string; name: string };
let companyB: { id: string; name: string };
let owner: { id: string; headers: AuthHeaders };
let dualOwner: { id: string; headers: AuthHeaders };
let engineerA: { id: string; headers: AuthHeaders };
let engineerB: { id: string };
const today = londonDateOf(new Date());
const base = '/api/contractor-engineers';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await createTestApp({ workers: true, config: { SMTP_URL: smtp.url } });
  companyA = await createContractor(app, { name: 'Alpha Aerials' });
  companyB = await createContractor(app, { name: 'Beta Dishes' });
  const contractor = await signInAs(app, 'contractor', {
    contractorId: companyA.id,
    firstName: 'Connie',
    lastName: 'Owner',
  });
  owner = { id: contractor.user.id, headers: contractor.headers };
  const dual = await signInAs(app, 'contractor', {
    contractorId: companyA.id,
    additionalRoles: ['engineer'],
    firstName: 'Dara',
    lastName: 'Dual',
  });
  dualOwner = { id: dual.user.id, headers: dual.headers };
  const engineer = await signInAs(app, 'engineer', {
    contractorId: companyA.id,
    firstName: 'Ella',
    lastName: 'Alpha',
  });
  engineerA = { id: engineer.user.id, headers: engineer.headers };
  engineerB = await createUser(app, { role: 'engineer', contractorId: companyB.id });
});
afterAll(async () => {
  await closeTestApp(app);
  await smtp.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: AuthHeaders,
  payload?: object,
) => app.inject({ method, url, headers, payload });

type Listed = {
  id: string;
  email: string;
  isDualRole: boolean;
  isSelf: boolean;
  canDisable: boolean;
  status: string;
  phone: string | null;
  futureVisits: { orderNumber: string; scheduledDate: string; slot: string }[];
};

async function list(headers = owner.headers) {
  const res = await call('GET', base, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { company: { id: string; name: string }; items: Listed[] };
}

describe('contractor engineers API: permissions', () => {
  it.each(['back_office', 'engineer', 'customer'] as const)(
    'refuses a %s with 403',
    async (role) => {
      const { headers } = await signInAs(app, role);
      for (const [method, url] of [
        ['GET', base],
        ['POST', base],
        ['PATCH', `${base}/${engineerA.id}`],
        ['POST', `${base}/${engineerA.id}/disable`],
        ['POST', `${base}/${engineerA.id}/enable`],
        ['POST', `${base}/${engineerA.id}/resend-invitation`],
      ] as const) {
        const res = await call(method, url, headers, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    },
  );

  it('refuses anonymous callers with 401', async () => {
    const res = await app.inject({ method: 'GET', url: base, headers: sameOrigin(app) });
    expect(res.statusCode).toBe(401);
  });

  it('says so when the contractor account has no company', async () => {
    const { headers } = await signInAs(app, 'contractor');
    const res = await call('GET', base, headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_CONTRACTOR_COMPANY');
  });
});

describe('listing the company engineers', () => {
  it('lists only its own engineers, the dual-role owner among them, never a plain contractor', async () => {
    const { company, items } = await list();
    expect(company).toEqual({ id: companyA.id, name: 'Alpha Aerials' });
    const ids = items.map((e) => e.id);
    expect(ids).toContain(engineerA.id);
    expect(ids).toContain(dualOwner.id);
    expect(ids).not.toContain(owner.id);
    expect(ids).not.toContain(engineerB.id);
    const dual = items.find((e) => e.id === dualOwner.id)!;
    expect(dual).toMatchObject({ isDualRole: true, isSelf: false, canDisable: false });
    expect(items.find((e) => e.id === engineerA.id)).toMatchObject({
      isDualRole: false,
      canDisable: true,
    });
    // The dual-role owner sees themself as not to be disabled.
    const own = await list(dualOwner.headers);
    expect(own.items.find((e) => e.id === dualOwner.id)).toMatchObject({
      isSelf: true,
      canDisable: false,
    });
  });

  it('shows each engineer the visits still to come', async () => {
    const engineer = await createUser(app, { role: 'engineer', contractorId: companyA.id });
    const order = await buildOrder(app, {
      status: 'scheduled',
      contractorId: companyA.id,
      engineerId: engineer.id,
      kitStatus: 'arrived',
      visitDate: '2031-03-04',
    });
    // Past and completed visits are not in the way.
    await buildOrder(app, {
      status: 'scheduled',
      contractorId: companyA.id,
      engineerId: engineer.id,
      kitStatus: 'arrived',
      visitDate: '2020-01-01',
    });
    const { items } = await list();
    expect(items.find((e) => e.id === engineer.id)!.futureVisits).toEqual([
      {
        visitId: expect.any(String),
        orderId: order.id,
        orderNumber: order.orderNumber,
        scheduledDate: '2031-03-04',
        slot: 'am',
        status: 'scheduled',
      },
    ]);
  });
});

describe('inviting an engineer', () => {
  it('invites into the own company with the /users invitation email, then they sign in', async () => {
    const since = new Date();
    const res = await call('POST', base, owner.headers, {
      email: 'Ivy.Installer@example.com',
      firstName: 'Ivy',
      lastName: 'Installer',
      phone: '07700 900 611',
    });
    expect(res.statusCode, res.body).toBe(201);
    const invited = res.json().engineer;
    expect(invited).toMatchObject({
      email: 'Ivy.Installer@example.com',
      status: 'invited',
      phone: '+447700900611',
      isDualRole: false,
      futureVisits: [],
    });
    const [row] = await app.deps.database.db.select().from(users).where(eq(users.id, invited.id));
    expect(row).toMatchObject({
      role: 'engineer',
      additionalRoles: [],
      contractorId: companyA.id,
      companyName: 'Alpha Aerials',
    });

    const mail = await smtp.waitForMessage('ivy.installer@example.com', { since });
    expect(mail.subject).toBe('Your Uplink account is ready: set your password');
    expect(mail.text).toContain('Connie Owner has invited you to Uplink as Field Engineer');
    const token = new URL(extractSetPasswordLink(mail.text)).searchParams.get('token')!;
    const set = await app.inject({
      method: 'POST',
      url: '/api/set-password',
      headers: sameOrigin(app),
      payload: { token, password: 'a long enough passphrase' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin(app),
      payload: { email: 'ivy.installer@example.com', password: 'a long enough passphrase' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.role).toBe('engineer');
    expect((await list()).items.find((e) => e.id === invited.id)!.status).toBe('active');
  });

  it('refuses a role, a company or other fields a contractor may not choose', async () => {
    for (const extra of [
      { role: 'back_office' },
      { contractorId: companyB.id },
      { additionalRoles: ['back_office'] },
    ]) {
      const res = await call('POST', base, owner.headers, {
        email: `sneaky-${Object.keys(extra)[0]}@example.com`,
        firstName: 'S',
        lastName: 'N',
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('names the bad fields: email, names, phone', async () => {
    const res = await call('POST', base, owner.headers, {
      email: 'not-an-email',
      firstName: '',
      lastName: 'X',
      phone: '01632 960000',
    });
    expect(res.statusCode).toBe(400);
    const { details } = res.json();
    expect(details.email).toEqual(['Please enter a valid email address']);
    expect(details.firstName).toEqual(['First name is required']);
    expect(details.phone).toEqual([
      'Please enter a valid UK mobile number (e.g., 07123456789 or +447123456789)',
    ]);
  });

  it('refuses an email or phone already in use', async () => {
    const taken = await createUser(app, { role: 'engineer', phone: '+447700900622' });
    const email = await call('POST', base, owner.headers, {
      email: taken.email,
      firstName: 'A',
      lastName: 'B',
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().code).toBe('EMAIL_TAKEN');
    const phone = await call('POST', base, owner.headers, {
      email: 'fresh-phone@example.com',
      firstName: 'A',
      lastName: 'B',
      phone: '07700900622',
    });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().code).toBe('PHONE_TAKEN');
  });
});

describe('editing, disabling and enabling', () => {
  it('edits the phone (stored as +44) and names; clears the phone', async () => {
    const res = await call('PATCH', `${base}/${engineerA.id}`, owner.headers, {
      phone: '07700 900633',
      firstName: 'Ella-May',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().engineer).toMatchObject({ phone: '+447700900633', firstName: 'Ella-May' });
    const cleared = await call('PATCH', `${base}/${engineerA.id}`, owner.headers, { phone: '' });
    expect(cleared.json().engineer.phone).toBeNull();
    // The dual-role owner edits their own phone.
    const own = await call('PATCH', `${base}/${dualOwner.id}`, dualOwner.headers, {
      phone: '+447700900644',
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a role change and bad input', async () => {
    const role = await call('PATCH', `${base}/${engineerA.id}`, owner.headers, {
      role: 'back_office',
    });
    expect(role.statusCode).toBe(400);
    const phone = await call('PATCH', `${base}/${engineerA.id}`, owner.headers, { phone: '123' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().details.phone).toBeDefined();
    const id = await call('PATCH', `${base}/not-a-uuid`, owner.headers, { firstName: 'X' });
    expect(id.statusCode).toBe(400);
  });

  it('answers 404 for another company’s engineer, a plain contractor or an unknown id', async () => {
    for (const id of [engineerB.id, owner.id, crypto.randomUUID()]) {
      for (const [method, url, payload] of [
        ['PATCH', `${base}/${id}`, { firstName: 'X' }],
        ['POST', `${base}/${id}/disable`, undefined],
        ['POST', `${base}/${id}/enable`, undefined],
        ['POST', `${base}/${id}/resend-invitation`, undefined],
      ] as const) {
        const res = await call(method, url, owner.headers, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Engineer not found', code: 'NOT_FOUND' });
      }
    }
    const [row] = await app.deps.database.db.select().from(users).where(eq(users.id, engineerB.id));
    expect(row!.status).toBe('active');
  });

  it('refuses to disable an engineer with visits still to come, naming each visit', async () => {
    const engineer = await createUser(app, { role: 'engineer', contractorId: companyA.id });
    const later = await buildOrder(app, {
      status: 'scheduled',
      contractorId: companyA.id,
      engineerId: engineer.id,
      kitStatus: 'arrived',
      visitDate: '2031-05-06',
    });
    const todays = await buildOrder(app, {
      status: 'in_progress',
      contractorId: companyA.id,
      engineerId: engineer.id,
      kitStatus: 'arrived',
      visitDate: today,
    });
    const res = await call('POST', `${base}/${engineer.id}/disable`, owner.headers);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('ENGINEER_HAS_FUTURE_VISITS');
    expect(body.details.visits).toEqual([
      expect.stringContaining(`${todays.orderNumber} on `),
      `${later.orderNumber} on Tue 6 May 2031 (AM)`,
    ]);
    expect(body.message).toContain(later.orderNumber);
    const [row] = await app.deps.database.db.select().from(users).where(eq(users.id, engineer.id));
    expect(row!.status).toBe('active');

    // Once the visits are moved (here: cancelled) the engineer can be disabled.
    await app.deps.database.db
      .update(visits)
      .set({ status: 'cancelled' })
      .where(eq(visits.engineerId, engineer.id));
    const again = await call('POST', `${base}/${engineer.id}/disable`, owner.headers);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('disabling ends the engineer’s sessions; enabling lets them sign in again', async () => {
    const engineer = await signInAs(app, 'engineer', { contractorId: companyA.id });
    const headers = engineer.headers;
    expect((await call('GET', '/api/auth/user', headers)).statusCode).toBe(200);
    const res = await call('POST', `${base}/${engineer.user.id}/disable`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().engineer.status).toBe('disabled');
    expect((await call('GET', '/api/auth/user', headers)).statusCode).toBe(401);
    const left = await app.deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, engineer.user.id));
    expect(left).toHaveLength(0);

    const enabled = await call('POST', `${base}/${engineer.user.id}/enable`, owner.headers);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().engineer.status).toBe('active');
    expect((await call('GET', '/api/auth/user', await signIn(app, engineer.user))).statusCode).toBe(
      200,
    );
  });

  it('refuses to disable the own account or a contractor account of the company', async () => {
    const self = await call('POST', `${base}/${dualOwner.id}/disable`, dualOwner.headers);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('CANNOT_DISABLE_SELF');
    const other = await call('POST', `${base}/${dualOwner.id}/disable`, owner.headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONTRACTOR_ACCOUNT');
  });

  it('resends an invitation to an invited engineer only', async () => {
    const invited = await createUser(app, {
      role: 'engineer',
      contractorId: companyA.id,
      password: null,
    });
    const since = new Date();
    const res = await call('POST', `${base}/${invited.id}/resend-invitation`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    await smtp.waitForMessage(invited.email, { since });
    const active = await call('POST', `${base}/${engineerA.id}/resend-invitation`, owner.headers);
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('NOT_INVITED');
  });
});
