import cookie from '@fastify/cookie';
import type { FastifyBaseLogger, FastifyServerOptions, RouteOptions } from 'fastify';
import { sessionProbe } from './accounts/authentication.js';
import { registerAccounts } from './accounts/index.js';
import type { Config } from './config.js';
import { createRepoClient } from './github/repo-client.js';
import { createIssuesService } from './projects/issues.js';
import { createGroupsRepository } from './groups/repository.js';
import { groupsRoutes } from './groups/routes.js';
import { createSharePreviews } from './groups/share-preview.js';
import { renderedPages } from './rendered-pages.js';
import { createSitemapRepository } from './sitemap/repository.js';
import { sitemapRoutes } from './sitemap/routes.js';
import { createSitemapService, type SitemapOptions } from './sitemap/service.js';
import { createInvitesRepository } from './groups/invites-repository.js';
import { invitesRoutes } from './groups/invites-routes.js';
import { createInvitesService } from './groups/invites-service.js';
import { createPeopleMatchRepository } from './people/match-repository.js';
import { createPeopleMatchService } from './people/match-service.js';
import { createProfilesRepository } from './people/profiles-repository.js';
import { createProfilesService } from './people/profiles-service.js';
import { peopleRoutes } from './people/routes.js';
import { createUserSummaries } from './github/user-summary.js';
import { createIssuesRepository } from './issues/repository.js';
import { issuesRoutes } from './issues/routes.js';
import { createIssueFinderService } from './issues/service.js';
import { createIssueRecheck, type IssueRecheck } from './catalog/sync/recheck.js';
import { createGroupsService } from './groups/service.js';
import { messagesRepositoryFor } from './messages/repository.js';
import { messagesRoutes } from './messages/routes.js';
import { createMessagesService } from './messages/service.js';
import { createRealtimeHub } from './messages/realtime/hub.js';
import { realtimeRoutes, type RealtimeOptions } from './messages/realtime/routes.js';
import { createNotificationFeed } from './notifications/realtime-feed.js';
import { createIssuesFeed } from './issues/live-feed.js';
import { createWebhooksRepository } from './webhooks/repository.js';
import { webhooksRoutes } from './webhooks/routes.js';
import { createWebhooksService } from './webhooks/service.js';
import { createNotificationsRepository } from './notifications/repository.js';
import { notificationsRoutes } from './notifications/routes.js';
import { registerMail } from './mail/index.js';
import { createNotificationsService, startPruning } from './notifications/service.js';
import { createAlertsRepository } from './alerts/repository.js';
import { alertsRoutes } from './alerts/routes.js';
import { createAlertsService, startAlertRounds, type AlertsService } from './alerts/service.js';
import { registerModeration } from './moderation/index.js';
import { createProjectsRepository } from './projects/repository.js';
import { createProjectAccessRepository } from './projects/access-repository.js';
import { createMentorsRepository } from './mentors/repository.js';
import { mentorsRoutes } from './mentors/routes.js';
import { createSafetyRepository } from './safety/repository.js';
import { safetyRoutes } from './safety/routes.js';
import { createSafetyService } from './safety/service.js';
import { createMentorsService } from './mentors/service.js';
import { createPageRepository } from './projects/page-repository.js';
import { projectPageRoutes } from './projects/page-routes.js';
import { createProjectPageService } from './projects/page-service.js';
import { projectsRoutes } from './projects/routes.js';
import { createProjectsService } from './projects/service.js';
import { announce, createEventBus, type EventBus } from './platform/bus/index.js';
import type { Database } from './platform/db/database.js';
import { healthRoutes } from './platform/health/routes.js';
import { registerErrorHandling } from './platform/http/errors.js';
import { requireDeclaredRoutes } from './platform/http/endpoints.js';
import { openApiRoutes, registerOpenApi } from './platform/http/openapi.js';
import { createHttpServer } from './platform/http/create-server.js';
import { registerSecurity } from './platform/http/security.js';
import { registerRateLimits } from './platform/http/rate-limits.js';
import { registerSpa } from './platform/http/spa.js';
import { observeRealtime, registerMetrics } from './platform/metrics.js';

export { BODY_LIMIT_BYTES } from './platform/http/create-server.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as declared (method, url, schema, config): what tests walk to reach every route. */
    declaredRoutes: readonly RouteOptions[];
    /** Tells this node's project lists that the catalogue changed outside a request (the catalogue sync). */
    catalogueChanged(): void;
    /** Sends the notification digests that are due now (the timer's round, run at once: tests, operators). */
    sendDueDigests(): Promise<{ sent: number; failed: number }>;
    /** This node's event bus (what nodes tell each other), for listeners beside the app's own. */
    eventBus: EventBus;
    /** Rechecks of viewed issues with GitHub: what the views asked for runs in the background. */
    issueRechecks: IssueRecheck;
    /** THE matching of newly stored issues to users' alerts (alerts/service.ts), for the sync and webhooks. */
    alertNewIssues: AlertsService['alertNewIssues'];
    /** One round of the alerts whose hour has passed with new issues waiting (on a timer; tests call it). */
    sendDueAlerts(): Promise<number>;
    /** Tells an app built with `startsLater` that the node has started: migrated, seeded, ready for traffic. */
    markStarted(): void;
  }
  interface FastifyContextConfig {
    /** RFC 8058 one-click unsubscribe: the route also takes a mail client's form post (platform/http/security.ts). */
    oneClick?: boolean;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Folder holding the built web app (web/dist); null serves the API only. */
  webDistDir: string | null;
  /** Defaults to pino at the configured level; tests pass false or their own logger. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Tests shorten the realtime channel's timers, loosen its flood limit and lower its connection caps. */
  realtime?: Pick<RealtimeOptions, 'heartbeatMs' | 'sessionCheckMs' | 'flood' | 'connectionLimits'>;
  /** Tests make sitemap files small (a few addresses each) to see their paging. */
  sitemap?: Pick<SitemapOptions, 'pageSize' | 'batchSize'>;
  /** Tests add routes of their own under this prefix (`/api/test/`), which need no declaration in contracts. */
  testRoutePrefix?: string;
  /** Tests give each run its own Redis key prefix, so parallel runs never share rate-limit counters. */
  redisKeyPrefix?: string;
  /**
   * The node listens before it has migrated (main.ts): until `markStarted()`, /api/ready answers 503 and every
   * request but liveness, readiness and metrics answers 503 with Retry-After.
   */
  startsLater?: boolean;
  /** The clock rechecks on view reckon freshness and their hourly budget by; tests pass their own. */
  recheckClock?: () => number;
}

/**
 * The whole HTTP surface: every plugin and route, without listening. main.ts listens; tests call inject().
 */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const { app, started } = createHttpServer(config, {
    logger: deps.logger,
    startsLater: deps.startsLater === true,
  });
  registerMetrics(app, config.metricsToken);

  // Nodes tell each other about new messages, membership changes and ended sessions (LISTEN/NOTIFY on
  // PostgreSQL, in process on PGlite).
  const bus = await createEventBus(database, app.log);
  app.addHook('onClose', () => bus.close());
  app.decorate('eventBus', bus);
  const groupAccessChanged = (groupId: number) => announce(bus, { kind: 'group-access', groupId }, app.log);

  registerErrorHandling(app);
  await registerSecurity(app, config.publicUrl);
  // Before every route: the OpenAPI document collects them as they are added.
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  // Every JSON route comes from its declaration in contracts (method, path, schemas, access).
  requireDeclaredRoutes(app, deps.testRoutePrefix ?? null);
  await app.register(cookie, { secret: config.sessionSecret });
  // After cookies: the limit counts per live session when there is one.
  const rateLimits = await registerRateLimits(app, {
    perMinute: config.rateLimits.perMinute,
    redisUrl: config.redisUrl,
    redisKeyPrefix: deps.redisKeyPrefix,
    sessions: sessionProbe(config.publicUrl),
  });
  // Before every route: each route's declared access (`auth`) is checked by the authentication it registers.
  const accounts = await registerAccounts(app, {
    config,
    database,
    onSessionEnded: (sessionIdHash) => announce(bus, { kind: 'session-ended', sessionIdHash }, app.log),
  });
  await app.register(healthRoutes, { database, started });
  const projectsRepository = createProjectsRepository(database.db);
  const projectsService = createProjectsService(projectsRepository, {
    listCacheTtlMs: config.listCacheTtlMs,
  });
  // Viewed issues whose facts are old are asked about again (with a token, within an hourly budget).
  const issueRechecks = createIssueRecheck({
    database,
    bus,
    github: config.github,
    perHour: config.sync.rechecksPerHour,
    log: app.log,
    ...(deps.recheckClock ? { now: deps.recheckClock } : {}),
  });
  app.decorate('issueRechecks', issueRechecks);
  app.addHook('onClose', () => issueRechecks.settled());
  // The issue finder: issues the sync stores, claims on OpenLFG, best for you from the user's repositories.
  const issueFinder = createIssueFinderService({
    repository: createIssuesRepository(database.db),
    publicRepos: accounts.publicRepos,
    recheckIssues: issueRechecks.issues,
  });
  await app.register(projectsRoutes, {
    service: projectsService,
    issues: createIssuesService({
      repository: projectsRepository,
      client: createRepoClient(config.github),
      signals: issueFinder.signalsFor,
    }),
    requireUser: accounts.requireUser,
  });
  await app.register(issuesRoutes, { service: issueFinder, requireUser: accounts.requireUser });
  // Notifications: recorded inside the groups' and moderation's writing transactions, pushed after commit.
  const notifications = createNotificationsService({
    repository: createNotificationsRepository(database.db),
    bus,
    announce: (event) => announce(bus, event, app.log),
  });
  const stopPruning = startPruning(notifications, app.log);
  app.addHook('onClose', async () => stopPruning());
  await app.register(notificationsRoutes, { service: notifications, requireUser: accounts.requireUser });
  // Alerts for new issues: saved finder searches; whatever stores new issues (the sync, webhooks) calls
  // alertNewIssues.
  const alerts = createAlertsService({
    repository: createAlertsRepository(database.db),
    notify: notifications.record,
  });
  const stopAlertRounds = startAlertRounds(alerts, app.log);
  app.addHook('onClose', async () => stopAlertRounds());
  app.decorate('alertNewIssues', alerts.alertNewIssues);
  app.decorate('sendDueAlerts', alerts.sendDue);
  await app.register(alertsRoutes, { service: alerts, requireUser: accounts.requireUser });
  // GitHub's webhook deliveries (GITHUB_WEBHOOK_SECRET) keep the finder's issues fresh between syncs.
  await app.register(webhooksRoutes, {
    service: createWebhooksService({
      repository: createWebhooksRepository(database.db),
      secret: config.github.webhookSecret,
      bus,
      alertNewIssues: alerts.alertNewIssues,
      log: app.log,
    }),
  });
  // Notification email (SMTP_URL): settings, confirmation and unsubscribe links, digest rounds.
  const mail = await registerMail(app, { config, database, requireUser: accounts.requireUser });
  app.decorate('sendDueDigests', () => mail.runRound());
  // Profiles: what "Groups for you" ranks against, and the profile pages.
  const profiles = createProfilesService({
    repository: createProfilesRepository(database.db),
    publicRepos: accounts.publicRepos,
    log: app.log,
  });
  const groupsRepository = createGroupsRepository(database.db);
  const groupsService = createGroupsService(groupsRepository, {
    listCacheTtlMs: config.listCacheTtlMs,
    joinRequestLimits: config.joinRequestLimits,
    accessChanged: groupAccessChanged,
    log: app.log,
    notify: notifications.record,
    matchProfileOf: profiles.matchProfileOf,
  });
  await app.register(groupsRoutes, { service: groupsService, requireUser: accounts.requireUser });
  // Public GitHub summaries: beside requests to join, and of the people on a project's page.
  const summaries = createUserSummaries({ client: createRepoClient(config.github), log: app.log });
  // A project's page: the project, the groups around it (the groups' own list rule), its people.
  const projectPages = createProjectPageService({
    repository: createPageRepository(database.db),
    groupsAround: groupsService.aroundRepository,
    summaryOf: summaries.of,
    recheckIssues: issueRechecks.project,
  });
  await app.register(projectPageRoutes, { service: projectPages, requireUser: accounts.requireUser });
  // A catalogue change refreshes the group lists too: an import or a sync removes the demo's groups.
  app.decorate('catalogueChanged', () => {
    projectsService.catalogueChanged();
    groupsService.listsChanged();
  });
  // Invite links, and requesters' public GitHub summaries beside their requests.
  const invites = createInvitesService({
    repository: createInvitesRepository(database.db),
    groups: groupsRepository,
    summaries,
    sessionSecret: config.sessionSecret,
    listsChanged: () => groupsService.listsChanged(),
    notify: notifications.record,
  });
  await app.register(invitesRoutes, { service: invites, requireUser: accounts.requireUser });
  // People for a group's owner, and inviting them: a notification carrying a one-use invite link.
  const peopleMatching = createPeopleMatchService({
    repository: createPeopleMatchRepository(database.db),
    groups: groupsRepository,
    createInviteLink: (caller, groupId) => invites.create(caller, groupId, 1),
    notify: notifications.record,
  });
  await app.register(peopleRoutes, {
    profiles,
    matching: peopleMatching,
    requireUser: accounts.requireUser,
  });
  // Moderation (/api/admin/...): for the logins in ADMIN_LOGINS; a sync it started stops with the app.
  await registerModeration(app, {
    database,
    sessionEnded: (sessionIdHash) => announce(bus, { kind: 'session-ended', sessionIdHash }, app.log),
    groups: groupsRepository,
    config,
    repoClient: createRepoClient(config.github),
    catalogueChanged: () => app.catalogueChanged(),
    alertNewIssues: alerts.alertNewIssues,
    groupListsChanged: () => groupsService.listsChanged(),
    groupAccessChanged,
    projectAccessChanged: (projectId) => announce(bus, { kind: 'project-access', projectId }, app.log),
    notify: notifications.record,
    isModerator: accounts.isModerator,
    requireUser: accounts.requireUser,
  });
  // The discussion boards: HTTP for posting and history, the WebSocket for live delivery.
  // A post waits for its room's turn in memory no longer than its connection may then wait for the room's lock,
  // and holds the room idle no longer than ROOM_IDLE_MS (messages/repository.ts).
  const messagesRepository = messagesRepositoryFor(database);
  // The messages service works out who a post mentions (readers of the board only); they are told after it commits.
  // A project's room is a board like a group's: its access facts come from the projects' loader.
  const projectAccess = createProjectAccessRepository(database.db);
  const messages = createMessagesService(messagesRepository, groupsRepository.loadAccess, bus, {
    isModerator: accounts.isModerator,
    loadProjectAccess: projectAccess.loadAccess,
    onMention: ({ message, userIds, project }) =>
      void notifications
        .recordNow(
          project
            ? {
                kind: 'room-mentioned',
                recipients: userIds,
                actorId: message.author.id,
                subject: project.fullName,
                messageId: message.id,
              }
            : {
                kind: 'mentioned',
                recipients: userIds,
                actorId: message.author.id,
                groupId: message.groupProjectId,
              },
        )
        .catch((error: unknown) => app.log.warn({ err: error }, 'telling the people mentioned failed')),
  });
  // Mentors: a question to them is posted in the project's room and told to each, in one transaction.
  const mentors = createMentorsService({
    repository: createMentorsRepository(database.db),
    loadProjectAccess: projectAccess.loadAccess,
    postInRoom: (caller, input, onStored) => messages.add(caller, input, onStored),
    notify: notifications.record,
  });
  await app.register(mentorsRoutes, { service: mentors, requireUser: accounts.requireUser });
  // Blocking and reporting people; what a block stops is decided by the policy where each path is.
  await app.register(safetyRoutes, {
    service: createSafetyService(createSafetyRepository(database.db)),
    requireUser: accounts.requireUser,
  });
  await app.register(messagesRoutes, { service: messages, requireUser: accounts.requireUser });
  const hub = createRealtimeHub({
    repository: messagesRepository,
    service: messages,
    bus,
    log: app.log,
    activeSessions: (hashes) => accounts.sessions.activeAmong(hashes),
  });
  observeRealtime(hub.stats);
  await app.register(realtimeRoutes, {
    hub,
    notifications: createNotificationFeed({ bus, unreadCount: notifications.unreadCountOf, log: app.log }),
    issues: createIssuesFeed({ bus }),
    publicUrl: config.publicUrl,
    connectionLimits: { perAddress: config.realtimeSocketsPerAddress },
    ...deps.realtime,
  });
  await app.register(openApiRoutes);
  // For search engines: /robots.txt, /sitemap.xml and its pages (every project's page, every public group's).
  await app.register(sitemapRoutes, {
    service: createSitemapService(createSitemapRepository(database.db), {
      publicUrl: config.publicUrl,
      ...deps.sitemap,
    }),
  });
  // A page's HTML carries its link preview (Open Graph, Twitter): a group's page its group's.
  const previews = createSharePreviews({ preview: groupsService.sharePreview, publicUrl: config.publicUrl });
  await registerSpa(app, deps.webDistDir, {
    head: { forPage: previews.headFor, fallback: previews.siteHead },
    limitUnknownApiPath: rateLimits.unknownApiPath,
    trackWork: app.trackHandler,
    renderedPages: renderedPages({
      projects: projectsService,
      projectPages,
      issueFinder,
      profiles,
      groups: groupsService,
      publicUrl: config.publicUrl,
      siteHead: previews.siteHead,
    }),
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
