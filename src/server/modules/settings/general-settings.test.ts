import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createCustomer, createJobType, createPartner } from '../../../../tests/factories/orders';
import {
  createUser,
  defaultTestPassword,
  sameOrigin,
  signIn,
  signInAs,
  type AuthHeaders,
} from '../../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { defaultBankHolidays } from '@shared/settings/settings.contracts';
import { auditLog } from '../audit/audit.schema';
import { sessions } from '../auth/sessions.schema';
import { getCustomerDataRetentionDays, sessionLimitsCacheMs } from './general-settings.service';

let app: TestApp;
let backOffice: AuthHeaders;
let contractor: AuthHeaders;
let engineer: AuthHeaders;

beforeAll(async () => {
  app = await createTestApp();
  backOffice = (await signInAs(app, 'back_office')).headers;
  contractor = (await signInAs(app, 'contractor')).headers;
  engineer = (await signInAs(app, 'engineer')).headers;
});

const put = (url: string, payload: unknown, headers: AuthHeaders = backOffice) =>
  app.inject({ method: 'PUT', url, payload: payload as object, headers });
const general = async () =>
  (await app.inject({ method: 'GET', url: '/api/settings/general', headers: backOffice })).json();

async function lastAudit(section: string) {
  const [row] = await app.deps.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'settings.changed'), eq(auditLog.targetId, section)))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row;
}

const valid = {
  company: {
    name: 'Tamar Sat Ltd',
    address: '1 Quay Road\nPlymouth PL1 2AB',
    phone: '01752 123456',
    email: 'hello@tamar.example',
    hours: 'Monday to Saturday, 8am to 6pm',
  },
  sla: { slaTargetDays: 10 },
  booking: {
    workingDays: [1, 2, 3, 4, 5, 6],
    slots: {
      am: { offered: true, start: '08:30', end: '12:30' },
      pm: { offered: true, start: '13:00', end: '17:30' },
      all_day: { offered: false },
    },
  },
  'bank-holidays': {
    bankHolidays: [...defaultBankHolidays, { date: '2029-01-01', name: 'New Year’s Day' }],
  },
  'two-factor': { back_office: 'required', contractor: 'optional', engineer: 'off' },
  sessions: { idleMinutes: 60, maxHours: 24 },
  retention: { customerDataRetentionDays: 400 },
};

const invalid: Record<keyof typeof valid, { body: unknown; field: string; message: string }> = {
  company: {
    body: { ...valid.company, email: 'not-an-email' },
    field: 'email',
    message: 'Please enter a valid email address',
  },
  sla: {
    body: { slaTargetDays: 0 },
    field: 'slaTargetDays',
    message: 'Enter a whole number of days from 1 to 365',
  },
  booking: {
    body: {
      ...valid.booking,
      slots: { ...valid.booking.slots, am: { offered: true, start: '12:00', end: '09:00' } },
    },
    field: 'slots.am.end',
    message: 'The slot must end after it starts',
  },
  'bank-holidays': {
    body: { bankHolidays: [{ date: '2029-02-30', name: 'Nope' }] },
    field: 'bankHolidays.0.date',
    message: 'This date does not exist; check the day and the month',
  },
  'two-factor': {
    body: { ...valid['two-factor'], engineer: 'sometimes' },
    field: 'engineer',
    message: 'Choose off, optional or required',
  },
  sessions: {
    body: { idleMinutes: 600, maxHours: 2 },
    field: 'idleMinutes',
    message: 'The idle limit cannot be longer than the maximum length',
  },
  retention: {
    body: { customerDataRetentionDays: 29 },
    field: 'customerDataRetentionDays',
    message: 'Enter a whole number of days from 30 to 3650',
  },
};

const sections = Object.keys(valid) as (keyof typeof valid)[];

describe('general settings API', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/settings/general',
      headers: backOffice,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.company.name).toBe('Uplink Installations');
    expect(body.company.logoUrl).toBeNull();
    expect(body.sla).toEqual({ slaTargetDays: 14 });
    expect(body.booking.workingDays).toEqual([1, 2, 3, 4, 5]);
    expect(body.bankHolidays.bankHolidays).toHaveLength(32);
    expect(body.bankHolidays.bankHolidays[0]).toEqual({
      date: '2025-01-01',
      name: 'New Year’s Day',
    });
    expect(body.twoFactor).toEqual({
      back_office: 'optional',
      contractor: 'optional',
      engineer: 'optional',
    });
    expect(body.sessions).toEqual({ idleMinutes: 720, maxHours: 336 });
    expect(body.retention).toEqual({ customerDataRetentionDays: 730 });
    expect(body.mapTiles.tileUrl).toContain('{z}');
  });

  it.each(['contractor', 'engineer'] as const)(
    'refuses a %s: 403 on every endpoint',
    async (role) => {
      const headers = role === 'contractor' ? contractor : engineer;
      const get = await app.inject({ method: 'GET', url: '/api/settings/general', headers });
      expect(get.statusCode).toBe(403);
      for (const section of sections) {
        expect((await put(`/api/settings/${section}`, valid[section], headers)).statusCode).toBe(
          403,
        );
      }
      const logo = await app.inject({
        method: 'POST',
        url: '/api/settings/company/logo',
        payload: { dataBase64: 'AAAA' },
        headers,
      });
      expect(logo.statusCode).toBe(403);
    },
  );

  it('refuses a signed-out caller: 401', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/settings/sla',
      payload: { slaTargetDays: 5 },
      headers: sameOrigin(app),
    });
    expect(res.statusCode).toBe(401);
  });

  it.each(sections)('refuses an invalid %s with a message on the field', async (section) => {
    const { body, field, message } = invalid[section];
    const res = await put(`/api/settings/${section}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[field]).toContain(message);
  });

  it.each(sections)('saves %s, answers it, and audits before and after', async (section) => {
    const before = await general();
    const res = await put(`/api/settings/${section}`, valid[section]);
    expect(res.statusCode).toBe(200);
    const audit = await lastAudit(section.replace('-', '_'));
    expect(audit).toBeDefined();
    const details = audit!.details as { before: unknown; after: unknown };
    expect(details.before).toBeDefined();
    expect(details.after).toBeDefined();
    expect(details.after).not.toEqual(details.before);
    expect(audit!.actorUserId).not.toBeNull();
    const after = await general();
    expect(after).not.toEqual(before);
  });

  it('keeps what was saved', async () => {
    const body = await general();
    expect(body.company).toMatchObject(valid.company);
    expect(body.sla).toEqual(valid.sla);
    expect(body.booking).toEqual(valid.booking);
    expect(body.bankHolidays.bankHolidays.at(-1)).toEqual({
      date: '2029-01-01',
      name: 'New Year’s Day',
    });
    expect(body.twoFactor).toEqual(valid['two-factor']);
    expect(body.retention).toEqual(valid.retention);
    expect(await getCustomerDataRetentionDays(app.deps.database.db)).toBe(400);
    const audit = await lastAudit('sla');
    expect(audit!.details).toEqual({ before: { slaTargetDays: 14 }, after: { slaTargetDays: 10 } });
  });

  it('audits the map tile server before and after', async () => {
    const res = await put('/api/settings/map-tiles', {
      tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.map_tiles_changed'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(row!.details).toMatchObject({
      before: { tileUrl: expect.stringContaining('openstreetmap') },
      after: { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' },
    });
    expect((await put('/api/settings/map-tiles', { tileUrl: 'ftp://x' })).statusCode).toBe(400);
  });
});

describe('settings take effect without a restart', () => {
  it('a new order takes the SLA target just saved', async () => {
    expect((await put('/api/settings/sla', { slaTargetDays: 3 })).statusCode).toBe(200);
    const partner = await createPartner(app);
    const jobType = await createJobType(app);
    const customer = await createCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { partnerId: partner.id, jobTypeId: jobType.id, customerId: customer.id },
      headers: backOffice,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.slaTargetDays).toBe(3);
    const days = (Date.parse(order.slaDueAt) - Date.parse(order.receivedAt)) / 86_400_000;
    expect(Math.round(days)).toBe(3);
  });

  it('the customer portal shows the company name just saved', async () => {
    await put('/api/settings/company', { ...valid.company, name: 'Portal Name Ltd' });
    const res = await app.inject({ method: 'GET', url: '/api/public/customer-form/nope' });
    expect(res.json().company.name).toBe('Portal Name Ltd');
    const company = await app.inject({ method: 'GET', url: '/api/public/company' });
    expect(company.json()).toMatchObject({ name: 'Portal Name Ltd' });
  });

  it('serves the terms of installation to anyone, naming the company (issue 24)', async () => {
    await put('/api/settings/company', { ...valid.company, name: 'Terms Name Ltd' });
    const res = await app.inject({ method: 'GET', url: '/api/public/terms' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { company: { name: string }; sections: { paragraphs: string[] }[] };
    expect(body.company.name).toBe('Terms Name Ltd');
    expect(body.sections.flatMap((s) => s.paragraphs).join(' ')).toContain('Terms Name Ltd will');
  });

  it('a session idle longer than the new idle limit ends', async () => {
    expect(
      (await put('/api/settings/sessions', { idleMinutes: 30, maxHours: 24 })).statusCode,
    ).toBe(200);
    const user = await createUser(app, { role: 'back_office' });
    const headers = await signIn(app, user);
    const me = () => app.inject({ method: 'GET', url: '/api/auth/user', headers });
    expect((await me()).statusCode).toBe(200);
    // Last seen 31 minutes ago: past the new 30-minute limit (the default was 12 hours).
    await app.deps.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect((await me()).statusCode).toBe(401);
    expect(sessionLimitsCacheMs).toBeLessThanOrEqual(5_000);
  });

  it('a session older than the new maximum length ends', async () => {
    await put('/api/settings/sessions', { idleMinutes: 30, maxHours: 1 });
    const user = await createUser(app, { role: 'back_office' });
    const headers = await signIn(app, user);
    const me = () => app.inject({ method: 'GET', url: '/api/auth/user', headers });
    expect((await me()).statusCode).toBe(200);
    await app.deps.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000), lastSeenAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expect((await me()).statusCode).toBe(401);
  });

  it('two-factor policy: required asks every user of the role for a code, off asks none', async () => {
    await put('/api/settings/two-factor', {
      back_office: 'required',
      contractor: 'off',
      engineer: 'optional',
    });
    const login = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: defaultTestPassword },
        headers: sameOrigin(app),
        remoteAddress: '198.51.100.7',
      });
    const office = await createUser(app, { role: 'back_office', twoFactorMethod: 'none' });
    expect((await login(office.email)).json().requiresTwoFactor).toBe(true);
    const company = await createUser(app, { role: 'contractor', twoFactorMethod: 'email' });
    expect((await login(company.email)).json().requiresTwoFactor).toBe(false);
    const chose = await createUser(app, { role: 'engineer', twoFactorMethod: 'email' });
    expect((await login(chose.email)).json().requiresTwoFactor).toBe(true);
    const didNot = await createUser(app, { role: 'engineer', twoFactorMethod: 'none' });
    expect((await login(didNot.email)).json().requiresTwoFactor).toBe(false);
  });
});

describe('company logo', () => {
  const upload = (bytes: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/api/settings/company/logo',
      payload: { dataBase64: bytes.toString('base64') },
      headers: backOffice,
    });

  it('takes a PNG, serves it publicly as a PNG, and audits it', async () => {
    const png = await sharp({
      create: { width: 120, height: 40, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    expect(res.json().logoUrl).toMatch(/^\/api\/public\/company-logo\?v=/);
    const served = await app.inject({ method: 'GET', url: res.json().logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await lastAudit('company_logo'))!.details).toMatchObject({
      before: { logo: 'none' },
      after: { logo: 'set' },
    });
    // The portal's postcode step, signed out and with no order yet, finds the same logo.
    const company = await app.inject({ method: 'GET', url: '/api/public/company' });
    expect(company.statusCode).toBe(200);
    expect(company.json()).toMatchObject({ logoUrl: res.json().logoUrl });
  });

  it('takes an SVG and serves it redrawn as a PNG, without its script', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><script>alert(1)</script><rect width="60" height="20" fill="#0a0"/></svg>',
    );
    const res = await upload(svg);
    expect(res.statusCode).toBe(200);
    const served = await app.inject({ method: 'GET', url: res.json().logoUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(served.body).not.toContain('alert');
  });

  it('refuses a file that is not a PNG, JPEG or SVG, whatever it is called', async () => {
    const res = await upload(Buffer.from('GIF89a not really a logo'));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.dataBase64).toContain(
      'The logo must be a PNG, JPEG or SVG image, whatever its name says',
    );
  });

  it('removes the logo', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/settings/company/logo',
      headers: backOffice,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().logoUrl).toBeNull();
    const served = await app.inject({ method: 'GET', url: '/api/public/company-logo' });
    expect(served.statusCode).toBe(404);
    const company = await app.inject({ method: 'GET', url: '/api/public/company' });
    expect(company.json().logoUrl).toBeNull();
  });
});
