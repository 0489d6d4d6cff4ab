import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import type { AlertsService } from './service.js';

export interface AlertsRoutesOptions {
  service: AlertsService;
  requireUser: RequireUser;
}

/** A user's alerts for new issues (/api/account/alerts). */
export const alertsRoutes: FastifyPluginAsyncTypebox<AlertsRoutesOptions> = async (app, options) => {
  const { service, requireUser } = options;

  app.route({
    ...endpoint('issueAlerts'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'private, no-cache');
      return service.list(user);
    },
  });

  app.route({
    ...endpoint('createIssueAlert'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return reply.status(201).send(await service.create(user, request.body));
    },
  });

  app.route({
    ...endpoint('deleteIssueAlert'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      await service.remove(user, request.params.alertId);
      return reply.status(204).send(null);
    },
  });
};
