import {
  LanguagesResponse,
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
import { SIGNED_IN, type RequireUser } from '../accounts/authentication.js';
import { parseGitHubRepo } from '../catalog/sources/index.js';
import { badRequest, conflict, notFound } from '../platform/http/errors.js';
import { toProject } from './presenters.js';
import type { IssuesService } from './issues.js';
import type { ProjectsRepository } from './repository.js';
import type { ProjectsService } from './service.js';

/** The saved list is for picking up where you left off, not an archive. */
const MAX_SAVED_LISTED = 500;

export interface ProjectsRoutesOptions {
  service: ProjectsService;
  issues: IssuesService;
  repository: ProjectsRepository;
  requireUser: RequireUser;
}

export const projectsRoutes: FastifyPluginAsyncTypebox<ProjectsRoutesOptions> = async (app, options) => {
  const { service, issues, repository, requireUser } = options;

  app.post(
    '/api/projects',
    // No response schema: the answer is JSON text already, shaped as ProjectListResponse (asserted in tests).
    { schema: { body: ProjectListRequest } },
    async (request, reply) =>
      // Already JSON (kept so in the cache): sent as it is, without a second serialisation.
      reply.type('application/json; charset=utf-8').send(await service.list(request.body)),
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
      handler: async (request, reply) => {
        const user = await requireUser(request, reply);
        const { projectId } = request.body;
        const saved = method === 'POST';
        const result = await repository.setSaved(user.id, projectId, saved);
        if (result.saves === undefined) throw notFound(`There is no project ${projectId}.`);
        if (result.changed) service.savesChanged();
        return { projectId, saved, saves: result.saves };
      },
    });
  }

  app.get(
    '/api/projects/saved',
    { config: SIGNED_IN, schema: { response: { 200: SavedProjectsResponse } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'private, no-cache');
      const rows = await repository.savedBy(user.id, MAX_SAVED_LISTED);
      return { data: rows.map(toProject) };
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
      const user = await requireUser(request, reply);
      const repo = parseGitHubRepo(request.body.projectUrl);
      if (!repo) {
        throw badRequest(
          'That is not a GitHub repository URL. Use the address of the repository, such as https://github.com/owner/name.',
        );
      }
      const listed = await repository.findByRepoExt(repo.repoExt);
      if (listed) throw conflict(`${listed.repo_ext} is already listed.`);
      const result = await repository.request(user.id, repo.repoExt);
      return reply.status(result.created ? 201 : 200).send({
        repoExt: result.repoExt,
        status: 'pending',
        requesters: result.requesters,
        created: result.created,
      });
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
