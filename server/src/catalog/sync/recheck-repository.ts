import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { DB } from '../../platform/db/schema.js';
import { githubTakenUntil, ISSUE_RECORD_COLUMNS, issueColumns, leaveIssues } from './issue-writes.js';
import type { RecheckAnswer, RecheckTarget } from './recheck-query.js';

/** Which issues a view asks to recheck: a project's open ones, or the ones a finder page shows. */
export type RecheckScope = { projectId: number } | { issueIds: number[] };

const HOUR_MS = 3_600_000;
/** Hours of counts kept: the current one is all the budget needs; a day is for an operator's look. */
const HOURS_KEPT = 24;

/**
 * Whether webhooks keep a project's issues fresh, so views need not recheck them: a project a GitHub App
 * installation covers (`projects.github_installation_id`, kept by the webhook's installation events, which only
 * arrive when deliveries do).
 */
export function projectCoveredByWebhooks(projectsAlias: 'p'): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${projectsAlias}.github_installation_id`)} is not null`;
}

/** All SQL of the recheck on view. */
export function createRecheckRepository(db: Kysely<DB>, bus: EventBus) {
  /** An issue's facts date from its last sync or recheck, whichever is later. */
  const factsAt = sql<Date>`greatest(i.synced_at, coalesce(i.checked_at, i.synced_at))`;
  const staleBefore = (cutoff: Date) => sql<boolean>`${factsAt} < ${cutoff}`;

  return {
    /**
     * Claims up to `limit` of the scope's stale open issues for a recheck, within what is left of the hour's
     * budget: their checked_at is set to `now` and the hour's count raised, in one transaction holding the
     * hour's row, so nodes never exceed the budget nor recheck an issue twice in one freshness window. A cheap
     * read first: a view of fresh issues costs no transaction.
     */
    async claim(options: {
      scope: RecheckScope;
      now: Date;
      staleBefore: Date;
      perHour: number;
      limit: number;
    }): Promise<{ targets: RecheckTarget[]; budgetSpent: boolean }> {
      const { scope, now, limit } = options;
      if ('issueIds' in scope && scope.issueIds.length === 0) return { targets: [], budgetSpent: false };
      const candidates = await db
        .selectFrom('issues as i')
        .innerJoin('projects as p', 'p.id', 'i.project_id')
        .select('i.id')
        .where('i.open', '=', true)
        .where('i.is_demo', '=', false)
        .where('p.unreachable_at', 'is', null)
        .where(sql<boolean>`not ${projectCoveredByWebhooks('p')}`)
        .where(staleBefore(options.staleBefore))
        .where((eb) =>
          'projectId' in scope ? eb('i.project_id', '=', scope.projectId) : eb('i.id', 'in', scope.issueIds),
        )
        // The oldest facts first: a budget that runs short spends itself where it matters most.
        .orderBy(factsAt)
        .orderBy('i.id')
        .limit(limit)
        .execute();
      if (candidates.length === 0) return { targets: [], budgetSpent: false };
      const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('issue_recheck_hours')
          .values({ hour })
          .onConflict((oc) => oc.column('hour').doNothing())
          .execute();
        const { used } = await trx
          .selectFrom('issue_recheck_hours')
          .select('used')
          .where('hour', '=', hour)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const left = options.perHour - used;
        if (left <= 0) return { targets: [], budgetSpent: true };
        const claimed = await sql<{ id: number; number: number; repo_ext: string }>`
          update issues i set checked_at = ${now}
          from projects p
          where p.id = i.project_id and i.id in (
            select id from issues i
            where i.id = any(${sql.val(candidates.map((c) => c.id))}::bigint[]) and i.open
              and ${staleBefore(options.staleBefore)}
            order by ${factsAt}, i.id limit ${Math.min(left, limit)}
            for update skip locked)
          returning i.id, i.number, p.repo_ext`.execute(trx);
        const targets = claimed.rows.map((row) => ({
          issueId: Number(row.id),
          number: row.number,
          repoExt: row.repo_ext,
        }));
        if (targets.length > 0) {
          await trx
            .updateTable('issue_recheck_hours')
            .set((eb) => ({ used: eb('used', '+', targets.length) }))
            .where('hour', '=', hour)
            .execute();
        }
        await trx
          .deleteFrom('issue_recheck_hours')
          .where('hour', '<', new Date(hour.getTime() - HOURS_KEPT * HOUR_MS))
          .execute();
        return { targets, budgetSpent: left < candidates.length };
      });
    },

    /**
     * Writes what GitHub said: open issues' facts where they differ from the stored ones, issues that left
     * marked so (their claims ended). The ids that changed are published as `issues-changed` once this commits.
     */
    async write(answers: RecheckAnswer[]): Promise<number[]> {
      const open = answers.flatMap((a) =>
        a.outcome === 'open' ? [{ id: a.issueId, ...issueColumns(a.facts) }] : [],
      );
      const leftIds = answers.flatMap((a) => (a.outcome === 'left' ? [a.issueId] : []));
      if (open.length === 0 && leftIds.length === 0) return [];
      let publish: (() => void) | null = null;
      const changed = await db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        if (open.length > 0) {
          const updated = await sql<{ id: number }>`
            update issues i set title = v.title, url = v.url, labels = v.labels, label_names = v.label_names,
              updated_at = v.updated_at, comments = v.comments, assignee = v.assignee,
              assigned_at = v.assigned_at, pull_request_number = v.pull_request_number,
              pull_request_url = v.pull_request_url, pull_request_by = v.pull_request_by,
              pull_request_at = v.pull_request_at, claim_comment_by = v.claim_comment_by,
              claim_comment_at = v.claim_comment_at, github_taken_until = ${githubTakenUntil}
            from jsonb_to_recordset(${JSON.stringify(open)}::jsonb) as v(id bigint, ${ISSUE_RECORD_COLUMNS})
            where i.id = v.id and i.open
              and (i.title, i.url, i.labels, i.label_names, i.updated_at, i.comments, i.assignee, i.assigned_at,
                   i.pull_request_number, i.pull_request_url, i.pull_request_by, i.pull_request_at,
                   i.claim_comment_by, i.claim_comment_at, i.github_taken_until)
                is distinct from
                  (v.title, v.url, v.labels, v.label_names, v.updated_at, v.comments, v.assignee, v.assigned_at,
                   v.pull_request_number, v.pull_request_url, v.pull_request_by, v.pull_request_at,
                   v.claim_comment_by, v.claim_comment_at, ${githubTakenUntil})
            returning i.id`.execute(trx);
          ids.push(...updated.rows.map((row) => Number(row.id)));
        }
        if (leftIds.length > 0)
          ids.push(...(await leaveIssues(trx, (query) => query.where('id', 'in', leftIds))));
        if (ids.length > 0)
          publish = await bus.publishOnCommit(trx, { kind: 'issues-changed', issueIds: ids });
        return ids;
      });
      (publish as (() => void) | null)?.();
      return changed;
    },
  };
}

export type RecheckRepository = ReturnType<typeof createRecheckRepository>;
