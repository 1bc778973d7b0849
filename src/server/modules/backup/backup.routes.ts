import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupListResponseSchema,
  backupNameParams,
  backupRunParams,
  backupRunSchema,
  backupScheduleSchema,
  restoreRequestSchema,
  startBackupResponseSchema,
} from '@shared/backup/backup.contracts';
import { auditContext } from '../audit/audit.service';
import {
  assertConfirmed,
  deleteBackup,
  getBackupSchedule,
  getRun,
  listBackups,
  openBackup,
  setBackupSchedule,
  startBackup,
  startRestore,
} from './backup.service';

/** Backups (issue 21, /admin/backup): back office only. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const backOffice = { roles: ['back_office'] as const };

  app.get(
    '/backups',
    { config: backOffice, schema: { response: { 200: backupListResponseSchema } } },
    async () => listBackups(app.deps),
  );
  app.post(
    '/backups',
    { config: backOffice, schema: { response: { 202: startBackupResponseSchema } } },
    async (request, reply) =>
      reply.status(202).send({ run: await startBackup(app.deps, auditContext(request)) }),
  );
  app.get(
    '/backups/runs/:id',
    { config: backOffice, schema: { params: backupRunParams, response: { 200: backupRunSchema } } },
    async (request) => getRun(app.deps, request.params.id),
  );
  app.get(
    '/backups/schedule',
    { config: backOffice, schema: { response: { 200: backupScheduleSchema } } },
    async () => getBackupSchedule(app.deps),
  );
  app.put(
    '/backups/schedule',
    {
      config: backOffice,
      schema: { body: backupScheduleSchema, response: { 200: backupScheduleSchema } },
    },
    async (request) => setBackupSchedule(app.deps, request.body, auditContext(request)),
  );
  app.get(
    '/backups/:name/download',
    { config: backOffice, schema: { params: backupNameParams } },
    async (request, reply) => {
      const { stream, sizeBytes } = await openBackup(app.deps, request.params.name);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(sizeBytes))
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(stream);
    },
  );
  app.delete(
    '/backups/:name',
    { config: backOffice, schema: { params: backupNameParams } },
    async (request, reply) => {
      await deleteBackup(app.deps, request.params.name, auditContext(request));
      return reply.status(204).send();
    },
  );
  app.post(
    '/backups/:name/restore',
    {
      config: backOffice,
      schema: {
        params: backupNameParams,
        body: restoreRequestSchema,
        response: { 202: startBackupResponseSchema },
      },
    },
    async (request, reply) => {
      assertConfirmed(request.params.name, request.body.confirmName);
      // The work starts once this answer is out: it replaces the tables this request's own
      // bookkeeping (its idempotency row, its session) still writes to.
      const sent = new Promise<void>((resolve) => {
        reply.raw.once('finish', resolve);
        reply.raw.once('close', resolve);
      });
      const { run, done } = await startRestore(app.deps, request.params.name, {
        requestedBy: request.user!.email,
        trigger: 'manual',
        after: sent,
      });
      // Runs after this answer; the page follows it through /api/maintenance.
      done.catch((error: unknown) => app.log.error({ err: error }, 'restore failed'));
      return reply.status(202).send({ run });
    },
  );
};
