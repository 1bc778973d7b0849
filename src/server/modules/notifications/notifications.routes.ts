import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listNotificationsQuery,
  listNotificationsResponse,
  notificationSchema,
  notificationSettingsSchema,
  unreadCountResponse,
} from '@shared/notifications/notifications.contracts';
import { commonErrorCodes } from '@shared/error-codes';
import { staffRoles } from '@shared/roles';
import { AppError } from '../../errors';
import { loadSession, readSessionToken } from '../auth/session.service';
import {
  countUnread,
  getNotificationSettings,
  listNotifications,
  readAllNotifications,
  readNotification,
  saveNotificationSettings,
} from './notifications.service';
import { openNotificationStream } from './notifications-stream.service';

// The bell (issue 25, decision 080): every signed-in staff role, each reading only their own.
const config = { roles: [...staffRoles] };

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    '/notifications',
    {
      config,
      schema: { querystring: listNotificationsQuery, response: { 200: listNotificationsResponse } },
    },
    async (request) => listNotifications(db(), request.user!.id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    { config, schema: { response: { 200: unreadCountResponse } } },
    async (request) => ({ unreadCount: await countUnread(db(), request.user!.id) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      config,
      schema: {
        params: z.object({ id: z.uuid({ error: 'Not a notification id' }) }),
        response: {
          200: z.object({ notification: notificationSchema, unreadCount: z.number().int() }),
        },
      },
    },
    async (request) => readNotification(db(), request.user!.id, request.params.id),
  );

  app.post(
    '/notifications/read-all',
    { config, schema: { response: { 200: unreadCountResponse } } },
    async (request) => readAllNotifications(db(), request.user!.id),
  );

  app.get(
    '/notifications/settings',
    { config, schema: { response: { 200: notificationSettingsSchema } } },
    async (request) => getNotificationSettings(db(), request.user!.id),
  );

  app.put(
    '/notifications/settings',
    {
      config,
      schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } },
    },
    async (request) => saveNotificationSettings(db(), request.user!.id, request.body),
  );

  // Server-sent events, authenticated by the session cookie like every /api call; the answer
  // is a stream that stays open (heartbeats), ended when the session ends or the tab goes.
  app.get('/notifications/stream', { config }, async (request, reply) => {
    const token = readSessionToken(request)!;
    const stream = openNotificationStream({
      handle: app.deps.database,
      userId: request.user!.id,
      stillSignedIn: async () =>
        (await loadSession(db(), app.deps.config, token))?.id === request.user!.id,
      onError: (error) => request.log.warn({ err: error }, 'notification stream check failed'),
    });
    if (!stream) {
      throw new AppError(
        429,
        commonErrorCodes.rateLimited,
        'Too many notification streams are open; close another tab.',
      );
    }
    // The tab went (or the connection dropped): stop looking for this stream.
    reply.raw.on('close', () => stream.destroy());
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        // The connection is the stream's: when the stream ends (sign-out, server closing), so does
        // it, rather than idling as keep-alive and holding a closing server up.
        .header('connection', 'close')
        .send(stream)
    );
  });
};
