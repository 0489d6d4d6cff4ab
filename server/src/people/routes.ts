import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import type { PeopleMatchService } from './match-service.js';
import type { ProfilesService } from './profiles-service.js';

export interface PeopleRoutesOptions {
  profiles: ProfilesService;
  matching: PeopleMatchService;
  requireUser: RequireUser;
}

const PRIVATE = 'private, no-cache';

/** Profiles, "People for your group" and invitations from there. Rules on groups: groups/policy.ts. */
export const peopleRoutes: FastifyPluginAsyncTypebox<PeopleRoutesOptions> = async (
  app,
  { profiles, matching, requireUser },
) => {
  app.route({
    ...endpoint('ownProfile'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return profiles.own(user);
    },
  });

  app.route({
    ...endpoint('saveOwnProfile'),
    handler: async (request, reply) => profiles.save(await requireUser(request, reply), request.body),
  });

  // What the caller may see depends on who they are: never stored by shared caches.
  app.route({
    ...endpoint('userProfile'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      reply.header('cache-control', PRIVATE);
      return profiles.ofLogin(auth.status === 'active' ? auth.user : null, request.params.login);
    },
  });

  app.route({
    ...endpoint('peopleForGroup'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return matching.peopleFor(user, request.query.groupProjectId);
    },
  });

  app.route({
    ...endpoint('invitePerson'),
    handler: async (request, reply) => matching.invite(await requireUser(request, reply), request.body),
  });
};
