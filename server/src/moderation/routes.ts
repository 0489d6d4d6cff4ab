import {
  AdminGroupParams,
  AdminIdParams,
  AdminPageQuery,
  AdminReportsResponse,
  AdminRequestsResponse,
  AuditLogResponse,
  CatalogueHealth,
  ModeratorStatus,
  OptionalReasonBody,
  ReasonBody,
  RepositoryFigures,
  ReportOutcome,
  RequestDecision,
  SyncStarted,
  NoContent,
} from '@openlfg/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SIGNED_IN, type RequireUser } from '../accounts/authentication.js';
import { badRequest } from '../platform/http/errors.js';
import type { ModeratorGuard } from './guard.js';
import type { ModerationService } from './service.js';

export interface ModerationRoutesOptions {
  service: ModerationService;
  guard: ModeratorGuard;
  requireUser: RequireUser;
}

/**
 * Every moderation route. Registering one not listed here fails at start, and the tests walk this list (401,
 * 403, moderator), so a new route cannot go unchecked.
 */
export const ADMIN_ROUTES = [
  'GET /api/admin/me',
  'GET /api/admin/requests',
  'GET /api/admin/requests/:id/github',
  'POST /api/admin/requests/:id/approve',
  'POST /api/admin/requests/:id/reject',
  'GET /api/admin/reports',
  'POST /api/admin/reports/:groupId/dismiss',
  'POST /api/admin/reports/:groupId/hide',
  'POST /api/admin/reports/:groupId/delete',
  'GET /api/admin/catalogue',
  'DELETE /api/admin/projects/:id',
  'POST /api/admin/sync',
  'GET /api/admin/audit',
] as const;
export type AdminRoute = (typeof ADMIN_ROUTES)[number];

const PRIVATE = 'private, no-cache';
/** The one admin route any signed-in user may call: whether they are a moderator (the web shows the link). */
const ME = '/api/admin/me';

/**
 * /api/admin/...: moderation. Every route but /me is for moderators only, checked before the request is even
 * validated, so nobody else learns anything about them (401 anonymous, 403 signed in).
 */
export const moderationRoutes: FastifyPluginAsyncTypebox<ModerationRoutesOptions> = async (
  app,
  { service, guard, requireUser },
) => {
  const known = new Set<string>(ADMIN_ROUTES);
  app.addHook('onRoute', (route) => {
    // Declared like every route's access; the preValidation hook below checks it.
    if (route.url !== ME) route.config = { ...route.config, auth: 'moderator' };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!known.has(`${method} ${route.url}`)) {
        throw new Error(
          `${method} ${route.url} is not in ADMIN_ROUTES: list it, and the access tests cover it.`,
        );
      }
    }
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.url === ME) return;
    await guard.requireModerator(request, reply);
    reply.header('cache-control', PRIVATE);
  });
  const moderator = guard.requireModerator;
  const reasonOf = (body: { reason?: string }) => body.reason?.trim() || null;

  app.get(
    ME,
    { config: SIGNED_IN, schema: { response: { 200: ModeratorStatus } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', PRIVATE);
      return { moderator: guard.isModerator(user.login) };
    },
  );

  app.get(
    '/api/admin/requests',
    { schema: { querystring: AdminPageQuery, response: { 200: AdminRequestsResponse } } },
    async (request) => service.requests(request.query.page),
  );

  app.get(
    '/api/admin/requests/:id/github',
    { schema: { params: AdminIdParams, response: { 200: RepositoryFigures } } },
    async (request) => service.githubFigures(request.params.id),
  );

  app.post(
    '/api/admin/requests/:id/approve',
    { schema: { params: AdminIdParams, body: OptionalReasonBody, response: { 200: RequestDecision } } },
    async (request, reply) =>
      service.approve(await moderator(request, reply), request.params.id, reasonOf(request.body)),
  );

  app.post(
    '/api/admin/requests/:id/reject',
    { schema: { params: AdminIdParams, body: ReasonBody, response: { 200: RequestDecision } } },
    async (request, reply) =>
      service.reject(await moderator(request, reply), request.params.id, requireReason(request.body.reason)),
  );

  app.get(
    '/api/admin/reports',
    { schema: { querystring: AdminPageQuery, response: { 200: AdminReportsResponse } } },
    async (request) => service.reports(request.query.page),
  );

  app.post(
    '/api/admin/reports/:groupId/dismiss',
    { schema: { params: AdminGroupParams, body: OptionalReasonBody, response: { 200: ReportOutcome } } },
    async (request, reply) =>
      service.dismiss(await moderator(request, reply), request.params.groupId, reasonOf(request.body)),
  );

  app.post(
    '/api/admin/reports/:groupId/hide',
    { schema: { params: AdminGroupParams, body: ReasonBody, response: { 200: ReportOutcome } } },
    async (request, reply) =>
      service.hide(
        await moderator(request, reply),
        request.params.groupId,
        requireReason(request.body.reason),
      ),
  );

  app.post(
    '/api/admin/reports/:groupId/delete',
    { schema: { params: AdminGroupParams, body: OptionalReasonBody, response: { 200: ReportOutcome } } },
    async (request, reply) =>
      service.deleteGroup(await moderator(request, reply), request.params.groupId, reasonOf(request.body)),
  );

  app.get(
    '/api/admin/catalogue',
    { schema: { querystring: AdminPageQuery, response: { 200: CatalogueHealth } } },
    async (request) => service.catalogue(request.query.page),
  );

  app.delete(
    '/api/admin/projects/:id',
    { schema: { params: AdminIdParams, body: OptionalReasonBody, response: { 204: NoContent } } },
    async (request, reply) => {
      await service.removeProject(await moderator(request, reply), request.params.id, reasonOf(request.body));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/sync',
    { schema: { body: OptionalReasonBody, response: { 202: SyncStarted } } },
    async (request, reply) => {
      const started = await service.syncNow(await moderator(request, reply), reasonOf(request.body));
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/api/admin/audit',
    { schema: { querystring: AdminPageQuery, response: { 200: AuditLogResponse } } },
    async (request) => service.audit(request.query.page),
  );
};

/** A required reason must say something: whitespace alone is refused like a missing one. */
function requireReason(reason: string): string {
  const text = reason.trim();
  if (text === '') throw badRequest('Give a reason (body.reason must not be blank).');
  return text;
}
