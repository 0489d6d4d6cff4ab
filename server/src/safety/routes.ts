import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import type { SafetyService } from './service.js';

export interface SafetyRoutesOptions {
  service: SafetyService;
  requireUser: RequireUser;
}

/** Blocking people (/api/account/blocks) and reporting them (/api/users/report). Rules: groups/policy.ts. */
export const safetyRoutes: FastifyPluginAsyncTypebox<SafetyRoutesOptions> = async (
  app,
  { service, requireUser },
) => {
  // Whom the caller blocked is theirs alone: never kept by a shared cache.
  app.addHook('preHandler', async (_request, reply) => {
    reply.header('cache-control', 'private, no-cache');
  });

  app.route({
    ...endpoint('blockedUsers'),
    handler: async (request, reply) => service.blocks(await requireUser(request, reply)),
  });

  app.route({
    ...endpoint('blockUser'),
    handler: async (request, reply) => service.block(await requireUser(request, reply), request.body.login),
  });

  app.route({
    ...endpoint('unblockUser'),
    handler: async (request, reply) => service.unblock(await requireUser(request, reply), request.body.login),
  });

  app.route({
    ...endpoint('reportUser'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      const filed = await service.report(user, request.body.login, request.body.reason);
      return reply.status(201).send(filed);
    },
  });
};
