import { languageFromTopics } from '@openlfg/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, SyncFailureKind, SyncRunStatus } from '../../platform/db/schema.js';
import { removeDemoCommunity } from '../demo-community.js';
import type { RepoFigures } from './github-batch.js';
import { writeIssues } from './issue-writes.js';

/** A project the run will refresh. */
export interface SyncTarget {
  id: number;
  repoExt: string;
  contributorsEtag: string | null;
  /** The GitHub App installation that covers it (migration 0029); null: read with the server token. */
  installationId: number | null;
}

/** What a run learned about one project it refreshed from GitHub. */
export interface ProjectRefresh {
  id: number;
  figures: RepoFigures;
  /** Null: GitHub's contributors answer failed, keep the count. */
  contributors: { count: number; etag: string | null } | { notModified: true } | null;
  /** Null: ecosyste.ms did not answer, keep the count. */
  usedBy: number | null;
}

export interface SyncFailure {
  projectId: number;
  repoExt: string;
  kind: SyncFailureKind;
  reason: string;
}

/** The budgets a run last saw, written on its row as it goes. */
export interface RunBudgets {
  githubRemaining: number | null;
  githubResetAt: Date | null;
  graphqlRemaining: number | null;
  graphqlResetAt: Date | null;
  ecosystemsRemaining: number | null;
}

/** Finished runs are kept this long for the operator's history; their failures go with them. */
const RUN_HISTORY_DAYS = 90;

/**
 * Tells the alerts for new issues of the issues a batch stored for the first time, in the batch's transaction
 * (alerts/service.ts `alertNewIssues`); answers what to run once it has committed (the bell's push).
 */
export type AlertNewIssues = (trx: Transaction<DB>, issueIds: readonly number[]) => Promise<() => void>;

/** All SQL of the catalogue sync. `db` may be bound to the one connection that holds the sync lock. */
/** How often the sync reads a project that webhooks keep fresh (a GitHub App installation covers it). */
export const COVERED_RECONCILE_HOURS = 24;

export function createSyncRepository(db: Kysely<DB>, alertNewIssues?: AlertNewIssues) {
  return {
    /**
     * Runs still marked running when a new run holds the lock can only be runs whose process ended (a crash,
     * a kill): the lock guarantees no other run is alive.
     */
    async markAbandonedRuns(): Promise<number> {
      const result = await db
        .updateTable('sync_runs')
        .set({
          status: 'interrupted',
          finished_at: sql<Date>`now()`,
          error: 'The run ended without finishing (its process stopped); the next run resumed it.',
        })
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async pruneHistory(): Promise<void> {
      await db
        .deleteFrom('sync_runs')
        .where('status', '!=', 'running')
        .where(sql<boolean>`started_at < now() - make_interval(days => ${RUN_HISTORY_DAYS})`)
        .execute();
      // Claims on OpenLFG that lapsed long ago say nothing any more (a lapsed claim taken again starts anew).
      await db
        .deleteFrom('issue_claims')
        .where(sql<boolean>`expires_at < now() - make_interval(days => ${RUN_HISTORY_DAYS})`)
        .execute();
    },

    latestRun() {
      return db
        .selectFrom('sync_runs')
        .selectAll()
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** A new run: of a new cycle, or of the cycle that began at `resumeCycle` (an unfinished one). */
    startRun(resumeCycle: Date | null) {
      return db
        .insertInto('sync_runs')
        .values({ cycle_started_at: resumeCycle ?? sql<Date>`now()` })
        .returning(['id', 'cycle_started_at'])
        .executeTakeFirstOrThrow();
    },

    /**
     * The projects this cycle has not tried yet, never synced first, then the stalest (the order an
     * interrupted run's successor picks up in). A project a GitHub App installation covers is kept fresh by its
     * webhooks: the sync reconciles it once a day (COVERED_RECONCILE_HOURS), not every cycle.
     */
    async targets(cycleStartedAt: Date): Promise<SyncTarget[]> {
      const reconcileBefore = new Date(cycleStartedAt.getTime() - COVERED_RECONCILE_HOURS * 3_600_000);
      const rows = await db
        .selectFrom('projects')
        .select(['id', 'repo_ext', 'contributors_etag', 'github_installation_id'])
        .where((eb) =>
          eb.or([eb('sync_attempted_at', 'is', null), eb('sync_attempted_at', '<', cycleStartedAt)]),
        )
        .where((eb) =>
          eb.or([
            eb('github_installation_id', 'is', null),
            eb('last_synced_at', 'is', null),
            eb('last_synced_at', '<', reconcileBefore),
          ]),
        )
        .orderBy(sql`last_synced_at asc nulls first`)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        repoExt: r.repo_ext,
        contributorsEtag: r.contributors_etag,
        installationId: r.github_installation_id,
      }));
    },

    async setTotal(runId: number, total: number): Promise<void> {
      await db.updateTable('sync_runs').set({ projects_total: total }).where('id', '=', runId).execute();
    },

    /**
     * One batch in one transaction: the refreshed figures in one statement, the failed projects marked tried
     * (unreachable ones with since when), the failures, and the run's counters and budgets. A crash between
     * batches loses nothing already written.
     */
    async writeBatch(batch: {
      runId: number;
      refreshed: ProjectRefresh[];
      failures: SyncFailure[];
      /** Projects tried without figures to write: GitHub failed for them. */
      failedIds: number[];
      unreachableIds: number[];
      synced: number;
      failed: number;
      budgets: RunBudgets;
    }): Promise<void> {
      const push = await db.transaction().execute(async (trx) => {
        if (batch.refreshed.length > 0) {
          const rows = batch.refreshed.map((r) => ({
            id: r.id,
            description: r.figures.description,
            language: r.figures.language,
            // GitHub detected no language: one a topic names, marked derived, rather than none.
            derived_language: languageFromTopics(r.figures.topics),
            topics: r.figures.topics,
            stars: r.figures.stars,
            forks: r.figures.forks,
            license: r.figures.license,
            last_push_at: r.figures.lastPushAt?.toISOString() ?? null,
            archived: r.figures.archived,
            open_issues: r.figures.openIssues,
            beginner_issues: r.figures.beginnerIssues,
            contributors_known: r.contributors !== null && !('notModified' in r.contributors),
            contributors: r.contributors && 'count' in r.contributors ? r.contributors.count : null,
            contributors_etag: r.contributors && 'count' in r.contributors ? r.contributors.etag : null,
            used_by_known: r.usedBy !== null,
            used_by: r.usedBy,
          }));
          // A figure the sync could not read this time is kept, except on demo rows, whose made-up figures
          // must not pass for real ones once is_demo is cleared. Descriptions and topics written by a
          // catalogue are kept when GitHub has none (catalogues often describe and tag better).
          await sql`
            update projects set
              description = case when projects.is_demo then v.description
                                 else coalesce(v.description, projects.description) end,
              language = coalesce(v.language, v.derived_language,
                                  case when projects.language_derived then projects.language end),
              language_derived = v.language is null and coalesce(v.derived_language,
                                  case when projects.language_derived then projects.language end) is not null,
              topics = case when cardinality(v.topics) > 0 or projects.is_demo then v.topics
                            else projects.topics end,
              stars = v.stars,
              forks = v.forks,
              license = v.license,
              last_push_at = v.last_push_at,
              archived = v.archived,
              open_issues = v.open_issues,
              beginner_issues = v.beginner_issues,
              contributors = case when v.contributors_known then v.contributors
                                  when projects.is_demo then null else projects.contributors end,
              contributors_etag = case when v.contributors_known then v.contributors_etag
                                       when projects.is_demo then null else projects.contributors_etag end,
              used_by = case when v.used_by_known then v.used_by
                             when projects.is_demo then null else projects.used_by end,
              unreachable_at = null,
              is_demo = false,
              last_synced_at = now(),
              sync_attempted_at = now()
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
              id bigint, description text, language text, derived_language text, topics text[], stars integer, forks integer,
              license text, last_push_at timestamptz, archived boolean, open_issues integer,
              beginner_issues integer, contributors_known boolean, contributors integer,
              contributors_etag text, used_by_known boolean, used_by integer)
            where projects.id = v.id`.execute(trx);
        }
        const newIssueIds = await writeIssues(trx, batch.refreshed);
        const pushAlerts = (await alertNewIssues?.(trx, newIssueIds)) ?? (() => {});
        // Projects synced are no longer demo: the demo's made-up people and groups go with them.
        if (batch.refreshed.length > 0) await removeDemoCommunity(trx);
        if (batch.unreachableIds.length > 0) {
          await trx
            .updateTable('projects')
            .set({
              unreachable_at: sql<Date>`coalesce(unreachable_at, now())`,
              sync_attempted_at: sql<Date>`now()`,
            })
            .where('id', 'in', batch.unreachableIds)
            .execute();
        }
        if (batch.failedIds.length > 0) {
          await trx
            .updateTable('projects')
            .set({ sync_attempted_at: sql<Date>`now()` })
            .where('id', 'in', batch.failedIds)
            .execute();
        }
        if (batch.failures.length > 0) {
          const rows = batch.failures.map((f) => ({
            project_id: f.projectId,
            repo_ext: f.repoExt,
            kind: f.kind,
            reason: f.reason,
          }));
          // A project deleted while the run went on keeps its failure, by name.
          await sql`
            insert into sync_failures (run_id, project_id, repo_ext, kind, reason)
            select ${batch.runId}, p.id, f.repo_ext, f.kind, f.reason
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              as f(project_id bigint, repo_ext text, kind text, reason text)
            left join projects p on p.id = f.project_id`.execute(trx);
        }
        await trx
          .updateTable('sync_runs')
          .set((eb) => ({
            projects_synced: eb('projects_synced', '+', batch.synced),
            projects_failed: eb('projects_failed', '+', batch.failed),
            ...budgetColumns(batch.budgets),
          }))
          .where('id', '=', batch.runId)
          .execute();
        return pushAlerts;
      });
      push();
    },

    async finishRun(
      runId: number,
      status: Exclude<SyncRunStatus, 'running'>,
      error: string | null,
      resumeAfter: Date | null,
      budgets: RunBudgets,
    ) {
      return db
        .updateTable('sync_runs')
        .set({
          status,
          error,
          resume_after: resumeAfter,
          finished_at: sql<Date>`now()`,
          ...budgetColumns(budgets),
        })
        .where('id', '=', runId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    failuresOf(runId: number) {
      return db
        .selectFrom('sync_failures')
        .select(['repo_ext', 'kind', 'reason'])
        .where('run_id', '=', runId)
        .orderBy('id')
        .execute();
    },
  };
}

export type SyncRepository = ReturnType<typeof createSyncRepository>;

/** Budget columns to write: only what the run has heard (an unknown budget keeps the last known). */
function budgetColumns(b: RunBudgets) {
  return {
    ...(b.githubRemaining !== null ? { github_remaining: b.githubRemaining } : {}),
    ...(b.githubResetAt !== null ? { github_reset_at: b.githubResetAt } : {}),
    ...(b.graphqlRemaining !== null ? { github_graphql_remaining: b.graphqlRemaining } : {}),
    ...(b.graphqlResetAt !== null ? { github_graphql_reset_at: b.graphqlResetAt } : {}),
    ...(b.ecosystemsRemaining !== null ? { ecosystems_remaining: b.ecosystemsRemaining } : {}),
  };
}
