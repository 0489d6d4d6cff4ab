import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import type { InvitesService } from './invites-service.js';

export interface InvitesRoutesOptions {
  service: InvitesService;
  requireUser: RequireUser;
}

const PRIVATE = 'private, no-cache';

/** Invite links and the requester summaries owners read beside join requests. Rules live in policy.ts. */
export const invitesRoutes: FastifyPluginAsyncTypebox<InvitesRoutesOptions> = async (
  app,
  { service, requireUser },
) => {
  app.route({
    ...endpoint('requesterSummary'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      const { groupProjectId, requestUsername } = request.query;
      reply.header('cache-control', PRIVATE);
      return service.requesterSummary(user, groupProjectId, requestUsername);
    },
  });

  app.route({
    ...endpoint('groupInvites'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.list(user, request.query.groupProjectId) };
    },
  });

  app.route({
    ...endpoint('createInvite'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      const { groupProjectId, maxUses } = request.body;
      return reply.status(201).send(await service.create(user, groupProjectId, maxUses ?? null));
    },
  });

  app.route({
    ...endpoint('revokeInvite'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      await service.revoke(user, request.body.groupProjectId, request.body.inviteId);
      return { inviteId: request.body.inviteId, revoked: true as const };
    },
  });

  app.route({
    ...endpoint('invitePreview'),
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return service.preview(request.query.token);
    },
  });

  app.route({
    ...endpoint('joinByInvite'),
    handler: async (request, reply) => service.join(await requireUser(request, reply), request.body.token),
  });
};
