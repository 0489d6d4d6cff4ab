import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import type { IssueFinderService } from './service.js';

export interface IssuesRoutesOptions {
  service: IssueFinderService;
  requireUser: RequireUser;
}

/** The issue finder (/api/issues) and claims on OpenLFG (/api/issues/claims). */
export const issuesRoutes: FastifyPluginAsyncTypebox<IssuesRoutesOptions> = async (app, options) => {
  const { service, requireUser } = options;

  app.route({
    ...endpoint('listIssues'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      // Rows say whether the caller holds a claim: never shared between callers.
      reply.header('cache-control', 'private, no-cache');
      return service.list(request.body, auth.status === 'active' ? auth.user : null);
    },
  });

  app.route({
    ...endpoint('myIssueClaims'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'private, no-cache');
      return service.myClaims(user);
    },
  });

  app.route({
    ...endpoint('claimIssue'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      const answer = await service.claim(user, request.body.issueId, request.body.renew === true);
      return reply.status(answer.status).send(answer.body);
    },
  });

  app.route({
    ...endpoint('releaseIssueClaim'),
    handler: async (request, reply) =>
      service.release(await requireUser(request, reply), request.body.issueId),
  });
};
