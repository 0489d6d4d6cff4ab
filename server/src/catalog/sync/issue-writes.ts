import { CLAIM_COMMENT_DAYS } from '@openlfg/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { IssueFacts } from './issue-facts.js';
import type { ProjectRefresh } from './repository.js';
import { storeRecentIssues } from './responsiveness-writes.js';

/**
 * How the sync and the recheck on view store what GitHub says of an issue: the same columns, the same rule for
 * until when GitHub's signals count it taken, the same ending of an issue that left the finder.
 */

/** An issue's stored columns, as JSON for jsonb_to_recordset (read back by ISSUE_RECORD_COLUMNS). */
export function issueColumns(issue: IssueFacts) {
  return {
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
  };
}

/** The recordset's column types for issueColumns' rows (after the caller's own key columns). */
export const ISSUE_RECORD_COLUMNS = sql.raw(`number integer, title text, url text, labels jsonb,
  label_names text[], created_at timestamptz, updated_at timestamptz, comments integer, assignee text,
  assigned_at timestamptz, pull_request_number integer, pull_request_url text, pull_request_by text,
  pull_request_at timestamptz, claim_comment_by text, claim_comment_at timestamptz`);

/**
 * Until when GitHub's signals count the issue taken, from the recordset row `v`: for good with an assignee or
 * an open pull request, CLAIM_COMMENT_DAYS from a claim comment, else never.
 */
export const githubTakenUntil: RawBuilder<Date> = sql<Date>`case
  when v.assignee is not null or v.pull_request_number is not null then 'infinity'::timestamptz
  when v.claim_comment_at is not null then v.claim_comment_at + make_interval(days => ${CLAIM_COMMENT_DAYS})
  else '-infinity'::timestamptz end`;

/** Marks open issues left (closed, or no longer labelled): kept for claims to be told so; their claims end. */
export async function leaveIssues(
  trx: Kysely<DB>,
  where: (query: ReturnType<typeof leaving>) => ReturnType<typeof leaving>,
): Promise<number[]> {
  const left = await where(leaving(trx)).returning('id').execute();
  const ids = left.map((row) => row.id);
  if (ids.length > 0) await trx.deleteFrom('issue_claims').where('issue_id', 'in', ids).execute();
  return ids;
}

function leaving(trx: Kysely<DB>) {
  return trx
    .updateTable('issues')
    .set({ open: false, left_at: sql<Date>`now()`, claimed_until: sql<Date>`'-infinity'::timestamptz` })
    .where('open', '=', true);
}

/**
 * The issue finder's part of a batch, for the projects whose answer carried their issues: the maintainers'
 * responsiveness; each open beginner issue inserted or refreshed (GitHub's signals of someone on it with
 * them); the project's other stored issues marked left (closed, or no longer labelled), their claims ended.
 * Answers the ids of the issues stored for the first time (for alerts).
 */
export async function writeIssues(trx: Kysely<DB>, refreshed: ProjectRefresh[]): Promise<number[]> {
  const withIssues = refreshed.filter((r) => r.figures.issues !== null);
  if (withIssues.length === 0) return [];
  await storeRecentIssues(
    trx,
    withIssues.map((r) => ({ id: r.id, recentIssues: r.figures.issues?.recentIssues ?? [] })),
  );
  const rows = withIssues.flatMap((r) =>
    (r.figures.issues?.issues ?? []).map((issue) => ({ project_id: r.id, ...issueColumns(issue) })),
  );
  let newIssueIds: number[] = [];
  if (rows.length > 0) {
    // An issue not stored before is a new one: its row was inserted (xmax 0), not updated.
    const written = await sql<{ id: number; inserted: boolean }>`
      insert into issues (project_id, number, title, url, labels, label_names, created_at, updated_at, comments,
        assignee, assigned_at, pull_request_number, pull_request_url, pull_request_by, pull_request_at,
        claim_comment_by, claim_comment_at, github_taken_until, open, left_at, is_demo, synced_at)
      select v.project_id, v.number, v.title, v.url, v.labels, v.label_names, v.created_at, v.updated_at,
        v.comments, v.assignee, v.assigned_at, v.pull_request_number, v.pull_request_url, v.pull_request_by,
        v.pull_request_at, v.claim_comment_by, v.claim_comment_at, ${githubTakenUntil},
        true, null, false, now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(project_id bigint, ${ISSUE_RECORD_COLUMNS})
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
  await leaveIssues(trx, (query) =>
    query.where('project_id', 'in', ids).where(sql<boolean>`synced_at <> now()`),
  );
  return newIssueIds;
}
