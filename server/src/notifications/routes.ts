import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import type { NotificationsService } from './service.js';

export interface NotificationsRoutesOptions {
  service: NotificationsService;
  requireUser: RequireUser;
}

/** One user's own notifications: never stored by shared caches. */
const PRIVATE = 'private, no-cache';

/** /api/notifications: the caller's list, unread count and read marks. */
export const notificationsRoutes: FastifyPluginAsyncTypebox<NotificationsRoutesOptions> = async (
  app,
  { service, requireUser },
) => {
  app.route({
    ...endpoint('notifications'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return service.list(user, request.query);
    },
  });

  app.route({
    ...endpoint('unreadNotifications'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return service.unread(user);
    },
  });

  app.route({
    ...endpoint('markNotificationRead'),
    handler: async (request, reply) =>
      service.markRead(await requireUser(request, reply), request.body.notificationId),
  });

  app.route({
    ...endpoint('markAllNotificationsRead'),
    handler: async (request, reply) => service.markAllRead(await requireUser(request, reply)),
  });
};
