import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsAuthStatusResponseSchema, smsLoginSettingSchema } from '@shared/auth/auth.contracts';
import { auditContext } from '../audit/audit.service';
import { mapTilesSetting } from '@shared/dispatch/dispatch.contracts';
import { companyContactSchema } from '@shared/customer-links/customer-form.contracts';
import {
  bankHolidaysSettingsSchema,
  bookingSettingsSchema,
  companyLogoUpload,
  companySettingsSchema,
  maxLogoBytes,
  retentionSettingsSchema,
  sessionSettingsSchema,
  slaSettingsSchema,
  twoFactorSettingsSchema,
} from '@shared/settings/settings.contracts';
import { readCompanyLogo, removeCompanyLogo, uploadCompanyLogo } from './company-logo.service';
import { defaultInstallationTerms, type TermsPage } from '@shared/customer-links/terms.contracts';
import {
  getCompanyContact,
  getGeneralSettings,
  saveBankHolidays,
  saveBookingSettings,
  saveCompanySettings,
  saveRetentionSettings,
  saveSessionSettings,
  saveSlaSettings,
  saveTwoFactorSettings,
} from './general-settings.service';
import {
  getMapTileUrl,
  isSmsLoginEnabled,
  setMapTileUrl,
  setSmsLoginEnabled,
} from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §7: the login page asks whether to show the SMS tab.
  app.get(
    '/sms-auth-status',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { response: { 200: smsAuthStatusResponseSchema } },
    },
    async () => ({ smsAuthenticationEnabled: await isSmsLoginEnabled(app.deps) }),
  );

  app.get(
    '/sms-settings/login',
    {
      config: { roles: ['back_office'] },
      schema: { response: { 200: smsLoginSettingSchema } },
    },
    async () => ({ enabled: await isSmsLoginEnabled(app.deps) }),
  );

  app.put(
    '/sms-settings/login',
    {
      config: { roles: ['back_office'] },
      schema: { body: smsLoginSettingSchema, response: { 200: smsLoginSettingSchema } },
    },
    async (request) => {
      await setSmsLoginEnabled(app.deps, request.body.enabled, auditContext(request));
      return { enabled: request.body.enabled };
    },
  );

  // The dispatch map's tile server (decision 035): contractors read it, back office sets it.
  app.get(
    '/settings/map-tiles',
    {
      config: { roles: ['back_office', 'contractor'] },
      schema: { response: { 200: mapTilesSetting } },
    },
    async () => ({ tileUrl: await getMapTileUrl(app.deps.database.db) }),
  );

  app.put(
    '/settings/map-tiles',
    {
      config: { roles: ['back_office'] },
      schema: { body: mapTilesSetting, response: { 200: mapTilesSetting } },
    },
    async (request) => {
      await setMapTileUrl(app.deps.database.db, request.body.tileUrl, auditContext(request));
      return { tileUrl: request.body.tileUrl };
    },
  );

  // /settings, the spec's General settings (issue 21, decision 066): one PUT per section.
  const backOffice = { roles: ['back_office'] as const };
  const db = () => app.deps.database.db;

  app.get('/settings/general', { config: backOffice }, async () => getGeneralSettings(app.deps));

  app.put(
    '/settings/company',
    { config: backOffice, schema: { body: companySettingsSchema } },
    async (request) => saveCompanySettings(db(), request.body, auditContext(request)),
  );

  app.post(
    '/settings/company/logo',
    {
      bodyLimit: Math.ceil((maxLogoBytes * 4) / 3) + 1024,
      config: backOffice,
      schema: { body: companyLogoUpload },
    },
    async (request) => uploadCompanyLogo(app.deps, request.body.dataBase64, auditContext(request)),
  );

  app.delete('/settings/company/logo', { config: backOffice }, async (request) =>
    removeCompanyLogo(app.deps, auditContext(request)),
  );

  // The company's name, contact details and logo for a customer's page that has no order to go
  // with it yet (the portal's postcode step): public, like the details printed on every email.
  app.get(
    '/public/company',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { response: { 200: companyContactSchema } },
    },
    async () => getCompanyContact(db()),
  );

  // The logo for the customer's pages and emails: public, like the pages that show it.
  app.get(
    '/public/company-logo',
    { config: { public: true, rateLimit: { max: 300, timeWindow: '1 minute' } } },
    async (_request, reply) => {
      const bytes = await readCompanyLogo(app.deps);
      if (!bytes) return reply.code(404).send({ message: 'No logo is set', code: 'NOT_FOUND' });
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  // The terms the customer form asks the customer to agree to, readable before they do.
  app.get(
    '/public/terms',
    { config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (): Promise<TermsPage> => {
      const company = await getCompanyContact(db());
      return { company, sections: defaultInstallationTerms(company.name) };
    },
  );

  app.put(
    '/settings/sla',
    { config: backOffice, schema: { body: slaSettingsSchema } },
    async (request) => saveSlaSettings(db(), request.body, auditContext(request)),
  );

  app.put(
    '/settings/booking',
    { config: backOffice, schema: { body: bookingSettingsSchema } },
    async (request) => saveBookingSettings(db(), request.body, auditContext(request)),
  );

  app.put(
    '/settings/bank-holidays',
    { config: backOffice, schema: { body: bankHolidaysSettingsSchema } },
    async (request) => saveBankHolidays(db(), request.body, auditContext(request)),
  );

  app.put(
    '/settings/two-factor',
    { config: backOffice, schema: { body: twoFactorSettingsSchema } },
    async (request) => saveTwoFactorSettings(db(), request.body, auditContext(request)),
  );

  app.put(
    '/settings/sessions',
    { config: backOffice, schema: { body: sessionSettingsSchema } },
    async (request) => saveSessionSettings(app.deps, request.body, auditContext(request)),
  );

  app.put(
    '/settings/retention',
    { config: backOffice, schema: { body: retentionSettingsSchema } },
    async (request) => saveRetentionSettings(db(), request.body, auditContext(request)),
  );
};
