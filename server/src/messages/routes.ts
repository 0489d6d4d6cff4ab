import {
  AddMessageRequest,
  AddMessageResponse,
  LatestMessageRequest,
  LatestMessageResponse,
  MessageHistoryQuery,
  MessageHistoryResponse,
  UnreadCountsResponse,
} from '@openlfg/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SIGNED_IN, type RequireUser } from '../accounts/authentication.js';
import type { MessagesService } from './service.js';

export interface MessagesRoutesOptions {
  service: MessagesService;
  requireUser: RequireUser;
}

/** Answers about one user's view of a board: never stored by shared caches. */
const PRIVATE = 'private, no-cache';

/** The spec's /messages routes, and the board's history and unread counts. Access rules: groups/policy.ts. */
export const messagesRoutes: FastifyPluginAsyncTypebox<MessagesRoutesOptions> = async (
  app,
  { service, requireUser },
) => {
  app.post(
    '/api/messages/add-message',
    { config: SIGNED_IN, schema: { body: AddMessageRequest, response: { 200: AddMessageResponse } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.add(user, request.body) };
    },
  );

  app.post(
    '/api/messages/latest-message',
    { config: SIGNED_IN, schema: { body: LatestMessageRequest, response: { 200: LatestMessageResponse } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const { groupProjectId, messageId } = request.body;
      return { data: await service.markRead(user, groupProjectId, messageId) };
    },
  );

  app.get(
    '/api/messages/history',
    { schema: { querystring: MessageHistoryQuery, response: { 200: MessageHistoryResponse } } },
    async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      return service.history(auth.status === 'active' ? auth.user : null, request.query);
    },
  );

  app.get(
    '/api/messages/unread',
    { config: SIGNED_IN, schema: { response: { 200: UnreadCountsResponse } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.unread(user) };
    },
  );
};
