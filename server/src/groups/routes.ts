import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendJsonText } from '../platform/http/json-text.js';
import { type RequireUser } from '../accounts/authentication.js';
import type { GroupsService } from './service.js';
import { endpoint } from '../platform/http/endpoints.js';
import { routeSaveToggle } from '../platform/http/save-toggle-routes.js';

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
  // The answer is JSON text already (cached so): sent as it is; the response schema documents it.
  app.route({
    ...endpoint('listGroups'),
    handler: async (request, reply) => {
      // Groups for you depends on who asks: for a signed-in user only (401 otherwise), and never cached.
      if (request.body.sortField === 'match') {
        const auth = await request.auth();
        reply.header('cache-control', PRIVATE);
        return service.listForYou(auth.status === 'active' ? auth.user : null, request.body);
      }
      return sendJsonText(reply, await service.list(request.body));
    },
  });

  app.route({
    ...endpoint('postGroup'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return reply.status(201).send(await service.post(user, request.body));
    },
  });

  app.route({
    ...endpoint('editGroup'),
    handler: async (request, reply) => service.edit(await requireUser(request, reply), request.body),
  });

  app.route({
    ...endpoint('setGroupStatus'),
    handler: async (request, reply) =>
      service.setStatus(await requireUser(request, reply), request.body.groupProjectId, request.body.status),
  });

  app.route({
    ...endpoint('removeMember'),
    handler: async (request, reply) => {
      const { removed: _removed, ...answer } = await service.removeMember(
        await requireUser(request, reply),
        request.body,
      );
      return answer;
    },
  });

  app.route({
    ...endpoint('removedMembers'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.removedMembers(user, request.query.groupProjectId) };
    },
  });

  app.route({
    ...endpoint('allowBack'),
    handler: async (request, reply) =>
      service.allowBack(
        await requireUser(request, reply),
        request.body.groupProjectId,
        request.body.memberUsername,
      ),
  });

  app.route({
    ...endpoint('transferOwnership'),
    handler: async (request, reply) => {
      const { groupProjectId, memberUsername } = request.body;
      const { newOwner: _newOwner, ...answer } = await service.transferOwnership(
        await requireUser(request, reply),
        groupProjectId,
        memberUsername,
      );
      return answer;
    },
  });

  routeSaveToggle(app, ['saveGroup', 'unsaveGroup'] as const, requireUser, service.setSaved);

  app.route({
    ...endpoint('joinGroup'),
    handler: async (request, reply) =>
      service.join(await requireUser(request, reply), request.body.groupProjectId),
  });

  app.route({
    ...endpoint('requestToJoin'),
    handler: async (request, reply) => {
      const { created, ...answer } = await service.request(
        await requireUser(request, reply),
        request.body.groupProjectId,
        request.body.message,
      );
      return reply.status(created ? 201 : 200).send(answer);
    },
  });

  app.route({
    ...endpoint('cancelJoinRequest'),
    handler: async (request, reply) =>
      service.cancelRequest(await requireUser(request, reply), request.body.groupProjectId),
  });

  app.route({
    ...endpoint('myJoinRequests'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.myRequests(user) };
    },
  });

  app.route({
    ...endpoint('pendingRequests'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.pendingRequests(user) };
    },
  });

  for (const [name, approve] of [
    ['approveJoinRequest', true],
    ['rejectJoinRequest', false],
  ] as const) {
    app.route({
      ...endpoint(name),
      handler: async (request, reply) => {
        const { groupProjectId, requestUsername, note } = request.body;
        const caller = await requireUser(request, reply);
        return service.decide(caller, groupProjectId, requestUsername, approve, note);
      },
    });
  }

  app.route({
    ...endpoint('leaveGroup'),
    handler: async (request, reply) =>
      service.leave(await requireUser(request, reply), request.body.groupProjectId),
  });

  app.route({
    ...endpoint('deleteGroup'),
    handler: async (request, reply) => {
      await service.remove(await requireUser(request, reply), request.body.groupProjectId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...endpoint('reportGroup'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      await service.report(user, request.body.groupProjectId, request.body.reason);
      return reply.status(201).send({ groupProjectId: request.body.groupProjectId, status: 'open' as const });
    },
  });

  // The caller's own lists: private to them, never cached by shared caches.
  app.route({
    ...endpoint('createdGroups'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.created(user) };
    },
  });
  app.route({
    ...endpoint('savedGroups'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.saved(user) };
    },
  });
  app.route({
    ...endpoint('myGroups'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { data: await service.myGroups(user) };
    },
  });

  // One group's public card (what every list shows, nothing private) with the caller's standing: the group
  // page's header and actions for anyone, including those discussion-info refuses.
  app.route({
    ...endpoint('groupCard'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      return service.publicCard(auth.status === 'active' ? auth.user : null, request.params.groupProjectId);
    },
  });

  // The caller's standing in each card of a list: the lists themselves are the same for everyone (and cached so).
  app.route({
    ...endpoint('groupViewers'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      return service.viewers(auth.status === 'active' ? auth.user : null, request.body.groupProjectIds);
    },
  });

  app.route({
    ...endpoint('discussionInfo'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      const caller = auth.status === 'active' ? auth.user : null;
      return { data: await service.discussionInfo(caller, request.body.groupProjectId) };
    },
  });
};
