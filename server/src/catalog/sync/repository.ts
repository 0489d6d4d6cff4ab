import { CLAIM_COMMENT_DAYS, languageFromTopics } from '@openlfg/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, SyncFailureKind, SyncRunStatus } from '../../platform/db/schema.js';
import { removeDemoCommunity } from '../demo-community.js';
import type { RepoFigures } from './github-batch.js';

/** A project the run will refresh. */
export interface SyncTarget {
  id: number;
  repoExt: string;
  contributorsEtag: string | null;
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
     * interrupted run's successor picks up in).
     */
    async targets(cycleStartedAt: Date): Promise<SyncTarget[]> {
      const rows = await db
        .selectFrom('projects')
        .select(['id', 'repo_ext', 'contributors_etag'])
        .where((eb) =>
          eb.or([eb('sync_attempted_at', 'is', null), eb('sync_attempted_at', '<', cycleStartedAt)]),
        )
        .orderBy(sql`last_synced_at asc nulls first`)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, repoExt: r.repo_ext, contributorsEtag: r.contributors_etag }));
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

/**
 * The issue finder's part of a batch, for the projects whose answer carried their issues: the maintainers'
 * responsiveness; each open beginner issue inserted or refreshed (GitHub's signals of someone on it with
 * them); the project's other stored issues marked left (closed, or no longer labelled), their claims ended.
 */
async function writeIssues(trx: Kysely<DB>, refreshed: ProjectRefresh[]): Promise<number[]> {
  const withIssues = refreshed.filter((r) => r.figures.issues !== null);
  if (withIssues.length === 0) return [];
  const projects = withIssues.map((r) => ({
    id: r.id,
    median: r.figures.issues?.maintainerMedianHours ?? null,
  }));
  await sql`
    update projects set maintainer_median_hours = v.median, responsiveness_at = now()
    from jsonb_to_recordset(${JSON.stringify(projects)}::jsonb) as v(id bigint, median real)
    where projects.id = v.id`.execute(trx);
  const rows = withIssues.flatMap((r) =>
    (r.figures.issues?.issues ?? []).map((issue) => ({
      project_id: r.id,
      number: issue.number,
      title: issue.title,
      url: issue.url,
      labels: issue.labels,
      label_names: issue.labels.map((label) => label.name.toLowerCase()),
      created_at: issue.createdAt.toISOString(),
      updated_at: issue.updatedAt.toISOString(),
      comments: issue.comments,
      assignee: issue.assignee,
      assigned_at: issue.assignedAt?.toISOString() ?? null,
      pull_request_number: issue.pullRequest?.number ?? null,
      pull_request_url: issue.pullRequest?.url ?? null,
      pull_request_by: issue.pullRequest?.by ?? null,
      pull_request_at: issue.pullRequest?.at.toISOString() ?? null,
      claim_comment_by: issue.claimComment?.by ?? null,
      claim_comment_at: issue.claimComment?.at.toISOString() ?? null,
    })),
  );
  let newIssueIds: number[] = [];
  if (rows.length > 0) {
    // An issue id not stored before is a new issue: the row was inserted (xmax 0), not updated.
    const written = await sql<{ id: number; inserted: boolean }>`
      insert into issues (project_id, number, title, url, labels, label_names, created_at, updated_at, comments,
        assignee, assigned_at, pull_request_number, pull_request_url, pull_request_by, pull_request_at,
        claim_comment_by, claim_comment_at, github_taken_until, open, left_at, is_demo, synced_at)
      select v.project_id, v.number, v.title, v.url, v.labels, v.label_names, v.created_at, v.updated_at,
        v.comments, v.assignee, v.assigned_at, v.pull_request_number, v.pull_request_url, v.pull_request_by,
        v.pull_request_at, v.claim_comment_by, v.claim_comment_at,
        case when v.assignee is not null or v.pull_request_number is not null then 'infinity'::timestamptz
             when v.claim_comment_at is not null
               then v.claim_comment_at + make_interval(days => ${CLAIM_COMMENT_DAYS})
             else '-infinity'::timestamptz end,
        true, null, false, now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(project_id bigint, number integer,
        title text, url text, labels jsonb, label_names text[], created_at timestamptz, updated_at timestamptz,
        comments integer, assignee text, assigned_at timestamptz, pull_request_number integer,
        pull_request_url text, pull_request_by text, pull_request_at timestamptz, claim_comment_by text,
        claim_comment_at timestamptz)
      on conflict (project_id, number) do update set
        title = excluded.title, url = excluded.url, labels = excluded.labels,
        label_names = excluded.label_names, created_at = excluded.created_at,
        updated_at = excluded.updated_at, comments = excluded.comments, assignee = excluded.assignee,
        assigned_at = excluded.assigned_at, pull_request_number = excluded.pull_request_number,
        pull_request_url = excluded.pull_request_url, pull_request_by = excluded.pull_request_by,
        pull_request_at = excluded.pull_request_at, claim_comment_by = excluded.claim_comment_by,
        claim_comment_at = excluded.claim_comment_at, github_taken_until = excluded.github_taken_until,
        open = true, left_at = null, is_demo = false, synced_at = now()
      returning id, (xmax = 0) as inserted`.execute(trx);
    newIssueIds = written.rows.filter((row) => row.inserted).map((row) => Number(row.id));
  }
  // Written above in this transaction (whose now() is one instant): every other open issue of these projects left.
  const ids = withIssues.map((r) => r.id);
  const left = await trx
    .updateTable('issues')
    .set({ open: false, left_at: sql<Date>`now()`, claimed_until: sql<Date>`'-infinity'::timestamptz` })
    .where('project_id', 'in', ids)
    .where('open', '=', true)
    .where(sql<boolean>`synced_at <> now()`)
    .returning('id')
    .execute();
  if (left.length > 0) {
    await trx
      .deleteFrom('issue_claims')
      .where(
        'issue_id',
        'in',
        left.map((row) => row.id),
      )
      .execute();
  }
  return newIssueIds;
}

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
