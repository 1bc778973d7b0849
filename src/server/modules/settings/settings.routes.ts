import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsAuthStatusResponseSchema, smsLoginSettingSchema } from '@shared/auth/auth.contracts';
import { auditContext } from '../audit/audit.service';
import { mapTilesSetting } from '@shared/dispatch/dispatch.contracts';
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
};
