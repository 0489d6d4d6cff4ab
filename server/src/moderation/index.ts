import type { FastifyInstance } from 'fastify';
import type { IsModerator, RequireUser } from '../accounts/authentication.js';
import type { Config } from '../config.js';
import type { RepoClient } from '../github/repo-client.js';
import type { GroupsRepository } from '../groups/repository.js';
import type { Database } from '../platform/db/database.js';
import { createAuditLogService } from './audit-log-service.js';
import { createCatalogueRepository } from './catalogue-repository.js';
import { createCatalogueService } from './catalogue-service.js';
import type { ModerationEffects } from './effects.js';
import { createHiddenGroupsRepository } from './hidden-groups-repository.js';
import { createHiddenGroupsService } from './hidden-groups-service.js';
import { createPeopleReportsRepository } from './reports-people-repository.js';
import { createPeopleReportsService } from './reports-people-service.js';
import { createReportsRepository } from './reports-repository.js';
import { createReportsService } from './reports-service.js';
import { createRequestsRepository } from './requests-repository.js';
import { createRequestsService } from './requests-service.js';
import { moderationRoutes } from './routes.js';

import type { AlertNewIssues } from '../catalog/sync/run.js';
/**
 * Moderation (/api/admin/...), for the logins in ADMIN_LOGINS: project requests, reports on groups and on
 * people (suspending accounts), hidden groups, the catalogue's health and the audit log. A sync a moderator started stops with the app.
 */
export async function registerModeration(
  app: FastifyInstance,
  deps: ModerationEffects & {
    database: Database;
    groups: Pick<GroupsRepository, 'lockGroup' | 'deleteGroup'>;
    config: Pick<Config, 'github' | 'sync'>;
    repoClient: RepoClient;
    isModerator: IsModerator;
    requireUser: RequireUser;
    alertNewIssues?: AlertNewIssues;
  },
): Promise<void> {
  const { db } = deps.database;
  const log = app.log;
  const hidden = createHiddenGroupsRepository(db);
  const catalogue = createCatalogueService({ ...deps, repository: createCatalogueRepository(db), log });
  app.addHook('onClose', () => catalogue.stop());
  await app.register(moderationRoutes, {
    requests: createRequestsService({ ...deps, repository: createRequestsRepository(db) }),
    reports: createReportsService({ ...deps, repository: createReportsRepository(db), hidden, log }),
    people: createPeopleReportsService({ ...deps, repository: createPeopleReportsRepository(db), log }),
    hiddenGroups: createHiddenGroupsService({ ...deps, repository: hidden }),
    catalogue,
    auditLog: createAuditLogService(db),
    isModerator: deps.isModerator,
    requireUser: deps.requireUser,
  });
}
