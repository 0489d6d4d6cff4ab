import {
  DecideRequestBody,
  DiscussionInfoResponse,
  GroupCardResponse,
  GroupIdBody,
  GroupListOfMine,
  GroupListRequest,
  GroupProject,
  GroupViewersBody,
  GroupViewersResponse,
  MembershipResponse,
  MyGroupsResponse,
  MyJoinRequestsResponse,
  PendingRequestsResponse,
  PostGroupBody,
  ReportBody,
  SaveGroupBody,
  SaveGroupResponse,
} from '@openlfg/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SIGNED_IN, type RequireUser } from '../accounts/authentication.js';
import type { GroupsService } from './service.js';

export interface GroupsRoutesOptions {
  service: GroupsService;
  requireUser: RequireUser;
}

const PRIVATE = 'private, no-cache';

/** The spec's /group-projects routes. Every rule about who may do what lives in policy.ts. */
export const groupsRoutes: FastifyPluginAsyncTypebox<GroupsRoutesOptions> = async (
  app,
  { service, requireUser },
) => {
  // No response schema: the answer is JSON text already (cached so), shaped as GroupListResponse (asserted in tests).
  app.post('/api/group-projects', { schema: { body: GroupListRequest } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await service.list(request.body)),
  );

  app.post(
    '/api/group-projects/post-project',
    { config: SIGNED_IN, schema: { body: PostGroupBody, response: { 201: GroupProject } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return reply.status(201).send(await service.post(user, request.body));
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/group-projects/save',
      config: SIGNED_IN,
      schema: { body: SaveGroupBody, response: { 200: SaveGroupResponse } },
      handler: async (request, reply) => {
        const user = await requireUser(request, reply);
        return service.setSaved(user, request.body.projectId, method === 'POST');
      },
    });
  }

  app.post(
    '/api/group-projects/join',
    { config: SIGNED_IN, schema: { body: GroupIdBody, response: { 200: MembershipResponse } } },
    async (request, reply) => service.join(await requireUser(request, reply), request.body.groupProjectId),
  );

  app.post(
    '/api/group-projects/request',
    {
      config: SIGNED_IN,
      schema: { body: GroupIdBody, response: { 200: MembershipResponse, 201: MembershipResponse } },
    },
    async (request, reply) => {
      const { created, ...answer } = await service.request(
        await requireUser(request, reply),
        request.body.groupProjectId,
      );
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.delete(
    '/api/group-projects/request',
    { config: SIGNED_IN, schema: { body: GroupIdBody, response: { 200: MembershipResponse } } },
    async (request, reply) =>
      service.cancelRequest(await requireUser(request, reply), request.body.groupProjectId),
  );

  app.get(
    '/api/group-projects/request',
    { config: SIGNED_IN, schema: { response: { 200: MyJoinRequestsResponse } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.myRequests(user) };
    },
  );

  app.get(
    '/api/group-projects/pending-requests',
    { config: SIGNED_IN, schema: { response: { 200: PendingRequestsResponse } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.pendingRequests(user) };
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/group-projects/pending-requests',
      config: SIGNED_IN,
      schema: { body: DecideRequestBody, response: { 200: MembershipResponse } },
      handler: async (request, reply) => {
        const user = await requireUser(request, reply);
        const { groupProjectId, requestUsername } = request.body;
        return service.decide(user, groupProjectId, requestUsername, method === 'POST');
      },
    });
  }

  app.delete(
    '/api/group-projects/leave',
    { config: SIGNED_IN, schema: { body: GroupIdBody, response: { 200: MembershipResponse } } },
    async (request, reply) => service.leave(await requireUser(request, reply), request.body.groupProjectId),
  );

  app.delete(
    '/api/group-projects/delete-project',
    { config: SIGNED_IN, schema: { body: GroupIdBody } },
    async (request, reply) => {
      await service.remove(await requireUser(request, reply), request.body.groupProjectId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/group-projects/report',
    {
      config: SIGNED_IN,
      schema: {
        body: ReportBody,
        response: { 201: Type.Object({ groupProjectId: Type.Integer(), status: Type.Literal('open') }) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      await service.report(user, request.body.groupProjectId, request.body.reason);
      return reply.status(201).send({ groupProjectId: request.body.groupProjectId, status: 'open' as const });
    },
  );

  // The caller's own lists: private to them, never cached by shared caches.
  app.get(
    '/api/group-projects/created-projects',
    { config: SIGNED_IN, schema: { response: { 200: GroupListOfMine } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.created(user) };
    },
  );
  app.get(
    '/api/group-projects/saved',
    { config: SIGNED_IN, schema: { response: { 200: GroupListOfMine } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.saved(user) };
    },
  );
  app.get(
    '/api/group-projects/my-groups',
    { config: SIGNED_IN, schema: { response: { 200: MyGroupsResponse } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.myGroups(user) };
    },
  );

  // One group's public card (what every list shows, nothing private) with the caller's standing: the group
  // page's header and actions for anyone, including those discussion-info refuses.
  app.get(
    '/api/group-projects/:groupProjectId',
    {
      schema: {
        params: Type.Object({ groupProjectId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) }),
        response: { 200: GroupCardResponse },
      },
    },
    async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      return service.publicCard(auth.status === 'active' ? auth.user : null, request.params.groupProjectId);
    },
  );

  // The caller's standing in each card of a list: the lists themselves are the same for everyone (and cached so).
  app.post(
    '/api/group-projects/viewer',
    { schema: { body: GroupViewersBody, response: { 200: GroupViewersResponse } } },
    async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      return service.viewers(auth.status === 'active' ? auth.user : null, request.body.groupProjectIds);
    },
  );

  app.post(
    '/api/group-projects/discussion-info',
    { schema: { body: GroupIdBody, response: { 200: DiscussionInfoResponse } } },
    async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      const caller = auth.status === 'active' ? auth.user : null;
      return { data: await service.discussionInfo(caller, request.body.groupProjectId) };
    },
  );
};
