import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/auth.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { smsWebhookRoutes } from './modules/messages/sms-webhooks.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { securityRoutes } from './modules/security/security.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { usersRoutes } from './modules/users/users.routes';
import { contractorsRoutes } from './modules/contractors/contractors.routes';
import { contractorPortalRoutes } from './modules/contractor-portal/contractor-portal.routes';
import { contractorEngineersRoutes } from './modules/contractor-engineers/contractor-engineers.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { customerLinksRoutes } from './modules/customer-links/customer-links.routes';
import { customerPortalRoutes } from './modules/customer-portal/customer-portal.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { jobTypesRoutes } from './modules/job-types/job-types.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { partnersRoutes } from './modules/partners/partners.routes';
import { partnerApiRoutes } from './modules/partner-api/partner-api.routes';
import { visitsRoutes } from './modules/visits/visits.routes';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { stockRoutes } from './modules/stock/stock.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { fieldFlagsRoutes } from './modules/stock/field-flags.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { searchRoutes } from './modules/search/search.routes';
import { xeroRoutes } from './modules/xero/xero.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { orderNotesRoutes } from './modules/order-notes/order-notes.routes';
import { authGuardPlugin } from './plugins/auth-guard';
import { idempotencyPlugin } from './plugins/idempotency';
import { postgresRateLimitStore } from './modules/rate-limit/rate-limit.service';

/**
 * The `/api` scope. Each area registers its routes here; the authentication guard hook lives
 * on this scope so that a new route is protected unless it opts out with `config.public`.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per-route limits (`config.rateLimit`), keyed by client address (TRUST_PROXY aware), counted
  // in PostgreSQL so every server behind a load balancer shares them (issue 9).
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(() => app.deps.database.db),
  });
  await app.register(authGuardPlugin);
  // Every POST/PUT/PATCH/DELETE route below accepts an Idempotency-Key (decision 019).
  await app.register(idempotencyPlugin);
  // Issue 9: API answers carry personal data; no browser or proxy keeps them unless a route
  // says otherwise by setting its own Cache-Control.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(authRoutes);
  await app.register(settingsRoutes);
  await app.register(usersRoutes);
  await app.register(messagesRoutes);
  // The SMS provider's signed webhooks, with their own form-encoded body parser (decision 030).
  await app.register(smsWebhookRoutes);
  await app.register(eventsRoutes);
  await app.register(securityRoutes);
  // Orders, customers, partners, job types, contractors, visits, dashboard (issue 5).
  await app.register(ordersRoutes);
  await app.register(customersRoutes);
  await app.register(partnersRoutes);
  // The partner API's keys, settings and request log (issue 14); /api/v1 itself is in app.ts.
  await app.register(partnerApiRoutes);
  await app.register(jobTypesRoutes);
  await app.register(contractorsRoutes);
  await app.register(visitsRoutes);
  // A contractor's own engineers (issue 12, /contractor-management).
  await app.register(contractorEngineersRoutes);
  await app.register(dashboardRoutes);
  // The contractor portal's dashboard and reports (issue 12).
  await app.register(contractorPortalRoutes);
  // The contractor's dispatch board and map (issue 12).
  await app.register(dispatchRoutes);
  // Outbound webhooks to partners (issue 14, /api/outbound).
  await app.register(webhooksRoutes);
  // The signed-in customer's own orders (issue 4, /customer).
  await app.register(customerPortalRoutes);
  // The customer's public pages: customer form, kit arrived, portal (issue 11).
  await app.register(customerLinksRoutes);
  // What broke in a browser page, reported by the web's error boundaries (decision 057).
  await app.register(clientErrorsRoutes);
  // Stock: catalogue, locations, the ledger and serials (issue 20).
  await app.register(stockRoutes);
  // Backups, restore and the maintenance status (issue 21, /admin/backup).
  await app.register(backupRoutes);
  await app.register(fieldFlagsRoutes);
  // The Security Audit: the audit log, its CSV and charts (issue 21).
  await app.register(auditRoutes);
  await app.register(reportsRoutes);
  // Search from the top bar (issue 25).
  await app.register(searchRoutes);
  // Xero: connection, settings, invoices and bills, the sync log (issue 22, /xero-settings).
  await app.register(xeroRoutes);
  // The bell and the notes on an order (issue 25, decision 080).
  await app.register(notificationsRoutes);
  await app.register(orderNotesRoutes);
};
