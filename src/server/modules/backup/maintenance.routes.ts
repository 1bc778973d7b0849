// Maintenance mode: while a restore runs, this server answers every request but the status
// one with 503, a plain message and Retry-After (problem+json). Held in the process that runs
// the restore, keyed by its database handle.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  maintenanceMessage,
  maintenanceRetryAfterSeconds,
  type BackupRun,
  type MaintenanceStatus,
} from '@shared/backup/backup.contracts';
import { backupErrorCodes } from '@shared/error-codes';
import { problemType } from '../../plugins/problem-details';

type MaintenanceState = { active: boolean; restore: BackupRun | null };

const states = new WeakMap<object, MaintenanceState>();

export function maintenanceOf(key: object): MaintenanceState {
  let state = states.get(key);
  if (!state) {
    state = { active: false, restore: null };
    states.set(key, state);
  }
  return state;
}

/** The one path answered during maintenance: the page polls it to know when to reload. */
export const maintenanceStatusPath = '/api/maintenance';

export const maintenancePlugin = fp(async (app: FastifyInstance) => {
  // Public and outside the /api scope: it must answer without the database, which a restore
  // holds. The page polls it to follow the restore and to know when the app is back.
  app.get(maintenanceStatusPath, async (_request, reply) => {
    const state = maintenanceOf(app.deps.database);
    const status: MaintenanceStatus = {
      active: state.active,
      message: state.active ? maintenanceMessage : null,
      restore: state.restore ? { ...state.restore } : null,
    };
    return reply.header('cache-control', 'no-store').send(status);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!maintenanceOf(app.deps.database).active) return;
    if (request.method === 'GET' && request.url.split('?')[0] === maintenanceStatusPath) return;
    reply.header('retry-after', String(maintenanceRetryAfterSeconds));
    // RFC 9457 fields, and `message` as every other /api error carries it for the web client.
    return reply
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
