import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import type { MentorsService } from './service.js';

export interface MentorsRoutesOptions {
  service: MentorsService;
  requireUser: RequireUser;
}

/** A project's mentors: the list (public), volunteering, stepping down, asking. Rules: groups/policy.ts. */
export const mentorsRoutes: FastifyPluginAsyncTypebox<MentorsRoutesOptions> = async (
  app,
  { service, requireUser },
) => {
  app.route({
    ...endpoint('projectMentors'),
    handler: async (request) => {
      const auth = await request.auth();
      return {
        data: await service.list(auth.status === 'active' ? auth.user : null, request.query.projectId),
      };
    },
  });

  app.route({
    ...endpoint('volunteerMentor'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.volunteer(user, request.body) };
    },
  });

  app.route({
    ...endpoint('stepDownMentor'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.stepDown(user, request.body) };
    },
  });

  app.route({
    ...endpoint('askMentor'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { data: await service.ask(user, request.body) };
    },
  });
};
