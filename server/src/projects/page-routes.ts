import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RequireUser } from '../accounts/authentication.js';
import { endpoint } from '../platform/http/endpoints.js';
import type { ProjectPageService } from './page-service.js';

export interface ProjectPageRoutesOptions {
  service: ProjectPageService;
  requireUser: RequireUser;
}

/** A project's page and its "I'd like to contribute here" toggle. */
export const projectPageRoutes: FastifyPluginAsyncTypebox<ProjectPageRoutesOptions> = async (
  app,
  options,
) => {
  const { service, requireUser } = options;

  app.route({
    ...endpoint('projectPage'),
    handler: async (request, reply) => {
      const auth = await request.auth();
      const caller = auth.status === 'active' ? auth.user : null;
      // The answer says what the caller saved and, signed in, names people: never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache');
      return service.page(caller, request.params);
    },
  });

  for (const [name, on] of [
    ['contributeHere', true],
    ['stopContributingHere', false],
  ] as const) {
    app.route({
      ...endpoint(name),
      handler: async (request, reply) =>
        service.setContributing(await requireUser(request, reply), request.params, on),
    });
  }
};
