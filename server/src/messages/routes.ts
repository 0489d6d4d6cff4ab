import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type RequireUser } from '../accounts/authentication.js';
import type { MessagesService } from './service.js';
import { endpoint } from '../platform/http/endpoints.js';

export interface MessagesRoutesOptions {
  service: MessagesService;
  requireUser: RequireUser;
}

/** Answers about one user's view of a board: never stored by shared caches. */
const PRIVATE = 'private, no-cache';

/**
 * The spec's /messages routes, the board's history and unread counts, and a project's room (the same board).
 * Access rules: groups/policy.ts.
 */
export const messagesRoutes: FastifyPluginAsyncTypebox<MessagesRoutesOptions> = async (
  app,
  { service, requireUser },
) => {
  app.route({
    ...endpoint('addMessage'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.add(user, request.body) };
    },
  });

  app.route({
    ...endpoint('editMessage'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.edit(user, request.body) };
    },
  });

  app.route({
    ...endpoint('deleteMessage'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.remove(user, request.body) };
    },
  });

  app.route({
    ...endpoint('markRead'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      const { groupProjectId, messageId } = request.body;
      return { data: await service.markRead(user, groupProjectId, messageId) };
    },
  });

  app.route({
    ...endpoint('messageHistory'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      return service.history(auth.status === 'active' ? auth.user : null, request.query);
    },
  });

  // A project's room: the same board, addressed by the project (anyone reads, anyone signed in posts).
  app.route({
    ...endpoint('addRoomMessage'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.add(user, request.body) };
    },
  });

  app.route({
    ...endpoint('editRoomMessage'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.edit(user, request.body) };
    },
  });

  app.route({
    ...endpoint('deleteRoomMessage'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.remove(user, request.body) };
    },
  });

  app.route({
    ...endpoint('roomHistory'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      return service.history(auth.status === 'active' ? auth.user : null, request.query);
    },
  });

  app.route({
    ...endpoint('unreadCounts'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.unread(user) };
    },
  });
};
