// Maintenance mode: while a restore runs, on this server or on any other on the same database
// (maintenance-state.ts), every request but the status one answers 503 with a plain message
// and Retry-After (problem+json). The hook reads memory only; a poll keeps it current.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  maintenanceMessage,
  maintenanceRetryAfterSeconds,
  type MaintenanceStatus,
} from '@shared/backup/backup.contracts';
import { backupErrorCodes } from '@shared/error-codes';
import { problemType } from '../../plugins/problem-details';
import { inMaintenance, latestRestore, maintenanceOf, watchMaintenance } from './maintenance-state';

export { maintenanceOf } from './maintenance-state';

/** The one path answered during maintenance: the page polls it to know when to reload. */
export const maintenanceStatusPath = '/api/maintenance';

export const maintenancePlugin = fp(async (app: FastifyInstance) => {
  let stopWatching: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopWatching = watchMaintenance(app.deps.database, maintenanceOf(app.deps.database), (error) =>
      app.log.warn({ err: error }, 'reading the maintenance flag failed'),
    );
  });
  app.addHook('onClose', async () => {
    await stopWatching?.();
  });

  // Public and outside the /api scope: it must answer without the database, which a restore
  // holds. The page polls it to follow the restore and to know when the app is back.
  app.get(maintenanceStatusPath, async (_request, reply) => {
    const state = maintenanceOf(app.deps.database);
    const active = inMaintenance(state);
    const restore = latestRestore(state);
    const status: MaintenanceStatus = {
      active,
      message: active ? maintenanceMessage : null,
      restore: restore ? { ...restore } : null,
    };
    return reply.header('cache-control', 'no-store').send(status);
  });

  // Callback form: the check reads memory, so no request pays for a promise (decision 089).
  app.addHook('onRequest', (request, reply, done) => {
    if (!inMaintenance(maintenanceOf(app.deps.database))) return done();
    if (request.method === 'GET' && request.url.split('?')[0] === maintenanceStatusPath)
      return done();
    reply.header('retry-after', String(maintenanceRetryAfterSeconds));
    // RFC 9457 fields, and `message` as every other /api error carries it for the web client.
    // (Sending from an onRequest hook ends the request there; `done` is then not called.)
    reply
      .status(503)
      .type('application/problem+json')
      .send({
        type: problemType(backupErrorCodes.maintenance),
        title: 'Service Unavailable',
        status: 503,
        detail: maintenanceMessage,
        code: backupErrorCodes.maintenance,
        message: maintenanceMessage,
      });
  });
});
