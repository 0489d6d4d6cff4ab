import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, type EndpointName } from '@openlfg/contracts';
import type { IsModerator, RequireUser } from '../accounts/authentication.js';
import { badRequest } from '../platform/http/errors.js';
import type { AuditLogService } from './audit-log-service.js';
import type { CatalogueService } from './catalogue-service.js';
import type { HiddenGroupsService } from './hidden-groups-service.js';
import type { PeopleReportsService } from './reports-people-service.js';
import type { ReportsService } from './reports-service.js';
import type { RequestsService } from './requests-service.js';
import { endpoint } from '../platform/http/endpoints.js';

export interface ModerationRoutesOptions {
  requests: RequestsService;
  reports: ReportsService;
  people: PeopleReportsService;
  hiddenGroups: HiddenGroupsService;
  catalogue: CatalogueService;
  auditLog: AuditLogService;
  isModerator: IsModerator;
  requireUser: RequireUser;
}

/** `METHOD path` of every declared endpoint under /api/admin (contracts/src/api.ts): the access tests walk them. */
export type AdminRoute = {
  [N in EndpointName]: (typeof API)[N]['path'] extends `/api/admin/${string}`
    ? `${(typeof API)[N]['method']} ${(typeof API)[N]['path']}`
    : never;
}[EndpointName];
export const ADMIN_ROUTES = (Object.keys(API) as EndpointName[])
  .filter((name) => API[name].path.startsWith('/api/admin/'))
  .map((name) => `${API[name].method} ${API[name].path}` as AdminRoute);

/**
 * /api/admin/...: moderation. Every route but /me declares `auth: 'moderator'` in contracts, which the
 * authentication checks before the request is even validated (accounts/authentication.ts), so nobody else
 * learns anything about them (401 anonymous, 403 signed in). Handlers ask `requireUser` only for the actor.
 */
export const moderationRoutes: FastifyPluginAsyncTypebox<ModerationRoutesOptions> = async (
  app,
  { requests, reports, people, hiddenGroups, catalogue, auditLog, isModerator, requireUser },
) => {
  // Every answer here is for the moderator (or, for /me, the user) who asked.
  app.addHook('preHandler', async (_request, reply) => {
    reply.header('cache-control', 'private, no-cache');
  });
  // The moderator who asks, for the audit log: the route's declared access already let only moderators through.
  const moderator = requireUser;
  const reasonOf = (body: { reason?: string }) => body.reason?.trim() || null;

  app.route({
    ...endpoint('moderatorStatus'),
    handler: async (request, reply) => {
      const user = await requireUser(request, reply);
      return { moderator: isModerator(user.login) };
    },
  });

  app.route({
    ...endpoint('projectRequests'),
    handler: async (request) => requests.pending(request.query.page),
  });

  app.route({
    ...endpoint('requestFigures'),
    handler: async (request) => requests.githubFigures(request.params.id),
  });

  app.route({
    ...endpoint('approveProjectRequest'),
    handler: async (request, reply) =>
      requests.approve(await moderator(request, reply), request.params.id, reasonOf(request.body)),
  });

  app.route({
    ...endpoint('rejectProjectRequest'),
    handler: async (request, reply) =>
      requests.reject(await moderator(request, reply), request.params.id, requireReason(request.body.reason)),
  });

  app.route({
    ...endpoint('openReports'),
    handler: async (request) => reports.open(request.query.page),
  });

  app.route({
    ...endpoint('dismissReports'),
    handler: async (request, reply) =>
      reports.dismiss(await moderator(request, reply), request.params.groupId, reasonOf(request.body)),
  });

  app.route({
    ...endpoint('hideReportedGroup'),
    handler: async (request, reply) =>
      reports.hide(
        await moderator(request, reply),
        request.params.groupId,
        requireReason(request.body.reason),
      ),
  });

  app.route({
    ...endpoint('deleteReportedGroup'),
    handler: async (request, reply) =>
      reports.deleteGroup(await moderator(request, reply), request.params.groupId, reasonOf(request.body)),
  });

  app.route({
    ...endpoint('userReports'),
    handler: async (request) => people.open(request.query.page),
  });

  app.route({
    ...endpoint('dismissUserReports'),
    handler: async (request, reply) =>
      people.dismiss(await moderator(request, reply), request.params.login, reasonOf(request.body)),
  });

  app.route({
    ...endpoint('suspendUser'),
    handler: async (request, reply) =>
      people.suspend(
        await moderator(request, reply),
        request.params.login,
        requireReason(request.body.reason),
      ),
  });

  app.route({
    ...endpoint('liftSuspension'),
    handler: async (request, reply) =>
      people.lift(await moderator(request, reply), request.params.login, requireReason(request.body.reason)),
  });

  app.route({
    ...endpoint('hiddenGroups'),
    handler: async (request) => hiddenGroups.list(request.query.page),
  });

  app.route({
    ...endpoint('hiddenGroup'),
    handler: async (request) => hiddenGroups.one(request.params.groupId),
  });

  app.route({
    ...endpoint('restoreHiddenGroup'),
    handler: async (request, reply) =>
      hiddenGroups.restore(
        await moderator(request, reply),
        request.params.groupId,
        requireReason(request.body.reason),
      ),
  });

  app.route({
    ...endpoint('catalogueHealth'),
    handler: async (request) => catalogue.health(request.query.page),
  });

  app.route({
    ...endpoint('removeProject'),
    handler: async (request, reply) => {
      await catalogue.removeProject(
        await moderator(request, reply),
        request.params.id,
        reasonOf(request.body),
      );
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...endpoint('startSync'),
    handler: async (request, reply) => {
      const started = await catalogue.syncNow(await moderator(request, reply), reasonOf(request.body));
      return reply.status(202).send(started);
    },
  });

  app.route({
    ...endpoint('auditLog'),
    handler: async (request) => auditLog.page(request.query.page),
  });
};

/** A required reason must say something: whitespace alone is refused like a missing one. */
function requireReason(reason: string): string {
  const text = reason.trim();
  if (text === '') throw badRequest('Give a reason (body.reason must not be blank).');
  return text;
}
