import {
  ADMIN_PAGE_SIZE,
  type AdminProjectRequest,
  type AdminReportedGroup,
  type CatalogueHealth,
  type HiddenGroup,
  type HiddenGroupsResponse,
  type RestoreOutcome,
  type RepositoryFigures,
  type RequestDecision,
  type ReportOutcome,
  type SyncStarted,
} from '@openlfg/contracts';
import type { Config } from '../config.js';
import { runCatalogueSync, isSyncReport, NO_TOKEN_MESSAGE } from '../catalog/sync/run.js';
import { GitHubRateLimited, RepoNotFound, type RepoClient } from '../github/repo-client.js';
import { UpstreamUnavailable } from '../github/sign-in-provider.js';
import type { GroupsRepository } from '../groups/repository.js';
import type { Database } from '../platform/db/database.js';
import { retryTransaction } from '../platform/db/retry.js';
import { conflict, HttpError, notFound } from '../platform/http/errors.js';
import { ErrorCode } from '@openlfg/contracts';
import { toAuditEntry } from './presenters.js';
import type { Moderator } from '../accounts/authentication.js';
import { auditPage, writeAudit } from '../platform/db/audit-log.js';
import type { ModerationRepository } from './repository.js';
import type { NotificationEvent, PushNotifications } from '../notifications/service.js';
import type { Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';

export interface ModerationDeps {
  repository: ModerationRepository;
  groups: GroupsRepository;
  database: Database;
  config: Pick<Config, 'github' | 'sync'>;
  repoClient: RepoClient;
  /** Cached project lists refresh (projectsService.catalogueChanged). */
  catalogueChanged: () => void;
  /** Cached group lists refresh (groupsService.listsChanged). */
  groupListsChanged: () => void;
  /** A hidden or deleted group's board closes for its subscribers (the realtime channel re-checks). */
  groupAccessChanged?: (groupId: number) => void;
  /** Records a notification in the deciding transaction (notifications/service.ts `record`). */
  notify?: (trx: Transaction<DB>, event: NotificationEvent) => Promise<PushNotifications>;
  log: {
    error(object: object, message: string): void;
    warn(object: object, message: string): void;
    info(object: object, message: string): void;
  };
}

function toHiddenGroup(row: {
  id: number;
  title: string;
  login: string;
  hidden_at: Date | null;
  hidden_reason: string | null;
}): HiddenGroup {
  return {
    groupId: row.id,
    title: row.title,
    ownerLogin: row.login,
    hiddenAt: (row.hidden_at ?? new Date(0)).toISOString(),
    reason: row.hidden_reason,
  };
}

const pages = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
const noRequest = (id: number) => notFound(`There is no project request ${id}.`);
const noGroup = (id: number) => notFound(`There is no group project ${id}.`);

/** The moderation use cases. Only moderators reach them (each route's declared access); every action is audit-logged. */
export function createModerationService(deps: ModerationDeps) {
  const { repository, groups } = deps;
  const { db } = repository;
  const notify = deps.notify ?? (async () => () => {});
  let currentSync: { controller: AbortController; done: Promise<unknown> } | null = null;

  async function decide(
    actor: Moderator,
    id: number,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<RequestDecision> {
    let push: PushNotifications = () => {};
    const result = await db.transaction().execute(async (trx) => {
      // The row lock makes two moderators deciding at once take turns; the second sees the first's decision.
      const request = await repository.lockRequest(trx, id);
      if (!request) throw noRequest(id);
      if (request.status !== 'pending') throw conflict(`This request was already ${request.status}.`);
      const project = status === 'approved' ? await repository.addProject(trx, request.repo_ext) : null;
      await repository.decideRequest(trx, id, { status, by: actor.id, reason });
      await writeAudit(trx, {
        actor,
        action: status === 'approved' ? 'request.approve' : 'request.reject',
        objectType: 'project_request',
        objectId: id,
        reason,
        details: {
          repoExt: request.repo_ext,
          ...(project ? { projectId: project.id, added: project.added } : {}),
        },
      });
      push = await notify(trx, {
        kind: status === 'approved' ? 'project-request-approved' : 'project-request-rejected',
        recipients: await repository.requesterIds(trx, id),
        actorId: actor.id,
        projectRequestId: id,
        subject: request.repo_ext,
        note: reason,
      });
      return { id, repoExt: request.repo_ext, status, projectId: project?.id ?? null, added: project?.added };
    });
    push();
    if (result.added) deps.catalogueChanged();
    const { added: _added, ...answer } = result;
    return answer;
  }

  /** Closes the group's open reports with `outcome` after `action`, in one transaction with the group locked. */
  async function actOnGroup(
    actor: Moderator,
    groupId: number,
    outcome: 'dismissed' | 'hidden' | 'deleted',
    reason: string | null,
  ): Promise<ReportOutcome> {
    // One transaction, run again if it failed for the database's sake (a deadlock, a restart): a deletion is
    // never left half-done, and never silently dropped.
    let push: PushNotifications = () => {};
    const closed = await retryTransaction(
      () =>
        db.transaction().execute(async (trx) => {
          const group = await groups.lockGroup(trx, groupId);
          if (outcome !== 'dismissed' && !group) throw noGroup(groupId);
          if (outcome === 'hidden' && group?.hidden_at) throw conflict('This group is already hidden.');
          if (outcome === 'hidden') await repository.hideGroup(trx, groupId, actor.id, reason ?? '');
          if (outcome === 'deleted') await groups.deleteGroup(trx, groupId);
          const count = await repository.closeReports(trx, groupId, outcome);
          if (outcome === 'dismissed' && count === 0) {
            throw conflict(`There are no open reports on group project ${groupId}.`);
          }
          await writeAudit(trx, {
            actor,
            action:
              outcome === 'dismissed'
                ? 'report.dismiss'
                : outcome === 'hidden'
                  ? 'group.hide'
                  : 'group.delete',
            objectType: 'group_project',
            objectId: groupId,
            reason,
            details: { reportsClosed: count, ...(group ? { title: group.title } : {}) },
          });
          // The owner learns what a moderator did to their group, and why (a dismissal changes nothing).
          if (group && outcome !== 'dismissed') {
            push = await notify(trx, {
              kind: outcome === 'hidden' ? 'group-hidden' : 'group-deleted',
              recipients: [group.owner_id],
              actorId: actor.id,
              groupId,
              subject: group.title,
              note: reason,
            });
          }
          return count;
        }),
      deps.log,
      `${outcome === 'dismissed' ? 'dismissing reports on' : outcome === 'hidden' ? 'hiding' : 'deleting'} group ${groupId}`,
    );
    push();
    if (outcome !== 'dismissed') {
      deps.groupListsChanged();
      deps.groupAccessChanged?.(groupId);
    }
    return { groupId, outcome, reportsClosed: closed };
  }

  return {
    async requests(page: number) {
      const { total, rows } = await repository.pendingRequests(page, ADMIN_PAGE_SIZE);
      const data: AdminProjectRequest[] = rows.map((row) => ({
        id: row.id,
        repoExt: row.repo_ext,
        createdAt: row.created_at.toISOString(),
        requesters: row.requesters,
        listed: row.listed,
      }));
      return { data, page, totalPages: pages(total), total };
    },

    /** The repository's figures, asked of GitHub now. */
    async githubFigures(id: number): Promise<RepositoryFigures> {
      const request = await repository.findRequest(db, id);
      if (!request) throw noRequest(id);
      try {
        const repo = await deps.repoClient.repository(request.repo_ext);
        return {
          repoExt: repo.full_name,
          stars: repo.stargazers_count,
          forks: repo.forks_count,
          description: repo.description,
          language: repo.language,
          archived: repo.archived,
          pushedAt: repo.pushed_at,
          license: repo.license?.spdx_id ?? repo.license?.name ?? null,
        };
      } catch (error) {
        if (error instanceof RepoNotFound) throw notFound('GitHub has no such repository.');
        if (error instanceof GitHubRateLimited) {
          throw new HttpError(502, ErrorCode.upstream, `GitHub refused to answer: ${error.message}.`);
        }
        if (error instanceof UpstreamUnavailable) {
          throw new HttpError(502, ErrorCode.upstream, `GitHub did not answer: ${error.message}.`);
        }
        throw error;
      }
    },

    approve: (actor: Moderator, id: number, reason: string | null) => decide(actor, id, 'approved', reason),
    reject: (actor: Moderator, id: number, reason: string) => decide(actor, id, 'rejected', reason),

    async reports(page: number) {
      const { total, ids, reports } = await repository.openReports(page, ADMIN_PAGE_SIZE);
      const byGroup = new Map<number, AdminReportedGroup>();
      for (const id of ids)
        byGroup.set(id, { groupId: id, title: '', exists: false, hidden: false, reports: [] });
      for (const row of reports) {
        const group = byGroup.get(row.group_id);
        if (!group) continue;
        if (group.reports.length === 0) {
          group.title = row.current_title ?? row.group_title;
          group.exists = row.existing_id !== null;
          group.hidden = row.hidden_at !== null;
        }
        group.reports.push({ reporter: row.login, reason: row.reason, at: row.created_at.toISOString() });
      }
      return { data: [...byGroup.values()], page, totalPages: pages(total), total };
    },

    dismiss: (actor: Moderator, groupId: number, reason: string | null) =>
      actOnGroup(actor, groupId, 'dismissed', reason),
    hide: (actor: Moderator, groupId: number, reason: string) => actOnGroup(actor, groupId, 'hidden', reason),
    deleteGroup: (actor: Moderator, groupId: number, reason: string | null) =>
      actOnGroup(actor, groupId, 'deleted', reason),

    async hiddenGroups(page: number): Promise<HiddenGroupsResponse> {
      const { total, rows } = await repository.hiddenGroups(page, ADMIN_PAGE_SIZE);
      return {
        data: rows.map(toHiddenGroup),
        page,
        totalPages: pages(total),
        total,
      };
    },

    /** One hidden group, for the Restore on its page; a group that is not hidden (or not there) is a 404. */
    async hiddenGroup(groupId: number): Promise<HiddenGroup> {
      const row = await repository.hiddenGroup(groupId);
      if (!row) throw notFound(`Group project ${groupId} is not hidden.`);
      return toHiddenGroup(row);
    },

    /** Shows a hidden group again, audit-logged like hiding it; a group that is not hidden is refused. */
    async restore(actor: Moderator, groupId: number, reason: string): Promise<RestoreOutcome> {
      const push = await db.transaction().execute(async (trx) => {
        const group = await groups.lockGroup(trx, groupId);
        if (!group) throw noGroup(groupId);
        if (!group.hidden_at) throw conflict('This group is not hidden.');
        await repository.restoreGroup(trx, groupId);
        await writeAudit(trx, {
          actor,
          action: 'group.restore',
          objectType: 'group_project',
          objectId: groupId,
          reason,
          details: { title: group.title, hiddenReason: group.hidden_reason },
        });
        return notify(trx, {
          kind: 'group-restored',
          recipients: [group.owner_id],
          actorId: actor.id,
          groupId,
          subject: group.title,
          note: reason,
        });
      });
      push();
      deps.groupListsChanged();
      deps.groupAccessChanged?.(groupId);
      return { groupId, restored: true };
    },

    async catalogue(page: number): Promise<CatalogueHealth> {
      const [run, projectsTotal, problems] = await Promise.all([
        repository.latestRun(),
        repository.projectsTotal(),
        repository.problemProjects(page, ADMIN_PAGE_SIZE),
      ]);
      const failures = run ? await repository.runFailures(run.id, 100) : [];
      const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
      return {
        lastRun: run
          ? {
              id: run.id,
              status: run.status,
              startedAt: run.started_at.toISOString(),
              finishedAt: iso(run.finished_at),
              total: run.projects_total,
              synced: run.projects_synced,
              failed: run.projects_failed,
              error: run.error,
            }
          : null,
        failures: failures.map((f) => ({ repoExt: f.repo_ext, kind: f.kind, reason: f.reason })),
        budgets: {
          github: { remaining: run?.github_remaining ?? null, resetAt: iso(run?.github_reset_at) },
          graphql: {
            remaining: run?.github_graphql_remaining ?? null,
            resetAt: iso(run?.github_graphql_reset_at),
          },
          ecosystemsRemaining: run?.ecosystems_remaining ?? null,
        },
        projectsTotal,
        problems: {
          data: problems.rows.map((p) => ({
            id: p.id,
            repoExt: p.repo_ext,
            archived: p.archived,
            unreachableSince: iso(p.unreachable_at),
          })),
          page,
          totalPages: pages(problems.total),
          total: problems.total,
        },
        syncRunning: currentSync !== null || run?.status === 'running',
        syncAvailable: Boolean(deps.config.github.token),
      };
    },

    async removeProject(actor: Moderator, id: number, reason: string | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const removed = await repository.deleteProject(trx, id);
        if (!removed) throw notFound(`There is no project ${id}.`);
        await writeAudit(trx, {
          actor,
          action: 'project.remove',
          objectType: 'project',
          objectId: id,
          reason,
          details: { repoExt: removed.repo_ext },
        });
      });
      deps.catalogueChanged();
    },

    /**
     * Starts a catalogue sync in the background, under the same lock as the scheduled one, and answers once it
     * has started (or was refused: no token, or a run already going on any node).
     */
    async syncNow(actor: Moderator, reason: string | null): Promise<SyncStarted> {
      if (!deps.config.github.token) throw conflict(NO_TOKEN_MESSAGE);
      const controller = new AbortController();
      let announce: (info: { runId: number; total: number }) => void = () => undefined;
      const started = new Promise<{ runId: number; total: number }>((resolve) => (announce = resolve));
      const run = runCatalogueSync({
        database: deps.database,
        github: deps.config.github,
        sync: deps.config.sync,
        onCatalogueChanged: deps.catalogueChanged,
        onStart: (info) => announce(info),
        signal: controller.signal,
      });
      const first = await Promise.race([started, run]);
      if (!('runId' in first) || !('total' in first)) {
        // The run ended before it started: refused or already running. Nothing is left going.
        throw conflict(first.message);
      }
      const done = run
        .then((outcome) => {
          if (isSyncReport(outcome)) {
            deps.log.info(
              {
                runId: outcome.runId,
                status: outcome.status,
                synced: outcome.synced,
                failed: outcome.failed,
              },
              'The catalogue sync a moderator started ended',
            );
          }
        })
        .catch((error: unknown) =>
          deps.log.error({ err: error }, 'The catalogue sync a moderator started failed'),
        )
        .finally(() => {
          if (currentSync?.done === done) currentSync = null;
        });
      currentSync = { controller, done };
      await writeAudit(db, {
        actor,
        action: 'catalogue.sync',
        objectType: 'sync_run',
        objectId: first.runId,
        reason,
        details: { total: first.total },
      });
      return { runId: first.runId, total: first.total };
    },

    async audit(page: number) {
      const { total, rows } = await auditPage(db, page, ADMIN_PAGE_SIZE);
      return { data: rows.map(toAuditEntry), page, totalPages: pages(total), total };
    },

    /** Stops a sync a moderator started (at its next project) and waits for it: for shutdown. */
    async stop(): Promise<void> {
      const current = currentSync;
      if (!current) return;
      current.controller.abort(new Error('The server is shutting down.'));
      await current.done;
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
