import { ADMIN_PAGE_SIZE, type CatalogueHealth, type SyncStarted } from '@openlfg/contracts';
import type { Moderator } from '../accounts/authentication.js';
import { isSyncReport, NO_TOKEN_MESSAGE, runCatalogueSync } from '../catalog/sync/run.js';
import type { Config } from '../config.js';
import { writeAudit } from '../platform/db/audit-log.js';
import type { Database } from '../platform/db/database.js';
import { conflict, notFound } from '../platform/http/errors.js';
import type { CatalogueRepository } from './catalogue-repository.js';
import type { ModerationEffects, ModerationLog } from './effects.js';
import { adminPage } from './presenters.js';

import type { AlertNewIssues } from '../catalog/sync/run.js';
/**
 * The catalogue as moderators look after it: the last sync run and its failures, the API budgets, archived or
 * unreachable projects; removing a project, and starting a sync now.
 */
export function createCatalogueService(
  deps: {
    repository: CatalogueRepository;
    database: Database;
    config: Pick<Config, 'github' | 'sync'>;
    log: ModerationLog;
    /** Tells the alerts for new issues of the issues a run stores for the first time. */
    alertNewIssues?: AlertNewIssues;
  } & Pick<ModerationEffects, 'catalogueChanged' | 'projectAccessChanged'>,
) {
  const { repository } = deps;
  let currentSync: { controller: AbortController; done: Promise<unknown> } | null = null;

  return {
    async health(page: number): Promise<CatalogueHealth> {
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
        problems: adminPage(
          problems.rows.map((p) => ({
            id: p.id,
            repoExt: p.repo_ext,
            archived: p.archived,
            unreachableSince: iso(p.unreachable_at),
          })),
          page,
          problems.total,
        ),
        syncRunning: currentSync !== null || run?.status === 'running',
        syncAvailable: Boolean(deps.config.github.token),
      };
    },

    async removeProject(actor: Moderator, id: number, reason: string | null): Promise<void> {
      await repository.db.transaction().execute(async (trx) => {
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
      deps.projectAccessChanged(id);
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
        ...(deps.alertNewIssues ? { alertNewIssues: deps.alertNewIssues } : {}),
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
      await writeAudit(repository.db, {
        actor,
        action: 'catalogue.sync',
        objectType: 'sync_run',
        objectId: first.runId,
        reason,
        details: { total: first.total },
      });
      return { runId: first.runId, total: first.total };
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

export type CatalogueService = ReturnType<typeof createCatalogueService>;
