import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendJsonText } from '../platform/http/json-text.js';
import { type RequireUser } from '../accounts/authentication.js';
import type { IssuesService } from './issues.js';
import type { ProjectsService } from './service.js';
import { endpoint } from '../platform/http/endpoints.js';
import { routeSaveToggle } from '../platform/http/save-toggle-routes.js';

export interface ProjectsRoutesOptions {
  service: ProjectsService;
  issues: IssuesService;
  requireUser: RequireUser;
}

/** The spec's /projects routes: each binds its endpoint to a service call. */
export const projectsRoutes: FastifyPluginAsyncTypebox<ProjectsRoutesOptions> = async (app, options) => {
  const { service, issues, requireUser } = options;

  app.route({
    ...endpoint('listProjects'),
    handler: async (request, reply) =>
      // Already JSON (kept so in the cache): sent as it is, without a second serialisation.
      sendJsonText(reply, await service.list(request.body)),
  });

  app.route({
    ...endpoint('projectTopics'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.topics();
    },
  });

  app.route({
    ...endpoint('searchTopics'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.searchTopics(request.query);
    },
  });

  app.route({
    ...endpoint('projectLanguages'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.languages();
    },
  });

  routeSaveToggle(app, ['saveProject', 'unsaveProject'] as const, requireUser, service.setSaved);

  app.route({
    ...endpoint('savedProjects'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'private, no-cache');
      return { data: await service.saved(user) };
    },
  });

  app.route({
    ...endpoint('requestProject'),
    handler: async (request, reply) => {
      const answer = await service.request(await requireUser(request, reply), request.body.projectUrl);
      return reply.status(answer.created ? 201 : 200).send(answer);
    },
  });

  app.route({
    ...endpoint('projectIssues'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      const caller = auth.status === 'active' ? auth.user.id : null;
      const answer = await issues.issuesFor(request.query.repoExt, caller);
      // A signed-in caller's answer says which claims are theirs: kept private.
      reply.header(
        'cache-control',
        caller !== null ? 'private, no-cache' : answer.stale ? 'no-cache' : 'public, max-age=60',
      );
      return answer;
    },
  });
};
