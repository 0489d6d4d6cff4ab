import {
  LanguagesResponse,
  ProjectListResponse,
  ProjectIdBody,
  ProjectIssuesQuery,
  ProjectIssuesResponse,
  ProjectListRequest,
  ProjectRequestBody,
  ProjectRequestResponse,
  SavedProjectsResponse,
  SaveProjectResponse,
  TopicsResponse,
} from '@openlfg/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendJsonText } from '../platform/http/json-text.js';
import { SIGNED_IN, type RequireUser } from '../accounts/authentication.js';
import type { IssuesService } from './issues.js';
import type { ProjectsService } from './service.js';

export interface ProjectsRoutesOptions {
  service: ProjectsService;
  issues: IssuesService;
  requireUser: RequireUser;
}

/** The spec's /projects routes: each binds its endpoint to a service call. */
export const projectsRoutes: FastifyPluginAsyncTypebox<ProjectsRoutesOptions> = async (app, options) => {
  const { service, issues, requireUser } = options;

  app.post(
    '/api/projects',
    // The answer is JSON text already (cached so): Fastify sends a string as it is, so the response schema
    // documents it without a second serialisation (every-route.test.ts checks answers against it).
    { schema: { body: ProjectListRequest, response: { 200: ProjectListResponse } } },
    async (request, reply) =>
      // Already JSON (kept so in the cache): sent as it is, without a second serialisation.
      sendJsonText(reply, await service.list(request.body)),
  );

  app.get(
    '/api/projects/topics',
    { schema: { response: { 200: TopicsResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.topics();
    },
  );

  app.get(
    '/api/projects/languages',
    { schema: { response: { 200: LanguagesResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.languages();
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/projects/save',
      config: SIGNED_IN,
      schema: { body: ProjectIdBody, response: { 200: SaveProjectResponse } },
      handler: async (request, reply) =>
        service.setSaved(await requireUser(request, reply), request.body.projectId, method === 'POST'),
    });
  }

  app.get(
    '/api/projects/saved',
    { config: SIGNED_IN, schema: { response: { 200: SavedProjectsResponse } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'private, no-cache');
      return { data: await service.saved(user) };
    },
  );

  app.post(
    '/api/projects/request',
    {
      config: SIGNED_IN,
      schema: {
        body: ProjectRequestBody,
        response: { 200: ProjectRequestResponse, 201: ProjectRequestResponse },
      },
    },
    async (request, reply) => {
      const answer = await service.request(await requireUser(request, reply), request.body.projectUrl);
      return reply.status(answer.created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/api/projects/issues',
    { schema: { querystring: ProjectIssuesQuery, response: { 200: ProjectIssuesResponse } } },
    async (request, reply) => {
      const answer = await issues.issuesFor(request.query.repoExt);
      reply.header('cache-control', answer.stale ? 'no-cache' : 'public, max-age=60');
      return answer;
    },
  );
};
