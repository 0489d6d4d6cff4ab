import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { medianFirstAnswerHours, readRecentIssues, recentFirst, type RecentIssue } from './responsiveness.js';

/**
 * Stores projects' recent issues and the responsiveness worked out from them (projects.maintainer_median_hours,
 * which the database copies to the projects' issues for the finder). The sync calls it with what GitHub said,
 * a maintainer's comment delivery with its answer added: one writing, one figure.
 */
export async function storeRecentIssues(
  trx: Kysely<DB>,
  projects: readonly { id: number; recentIssues: readonly RecentIssue[] }[],
): Promise<void> {
  if (projects.length === 0) return;
  const rows = projects.map((project) => {
    const issues = recentFirst(project.recentIssues);
    return { id: project.id, issues, median: medianFirstAnswerHours(issues) };
  });
  const values = JSON.stringify(rows);
  await sql`
    update projects set maintainer_median_hours = v.median, responsiveness_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(id bigint, median real)
    where projects.id = v.id`.execute(trx);
  await sql`
    insert into project_recent_issues (project_id, issues)
    select v.id, v.issues from jsonb_to_recordset(${values}::jsonb) as v(id bigint, issues jsonb)
    on conflict (project_id) do update set issues = excluded.issues`.execute(trx);
}

/**
 * A project's stored recent issues, locked until the transaction ends (two answers to one project apply one
 * after the other). Null when the sync has not stored them yet: an answer alone cannot be placed among them.
 */
export async function recentIssuesForUpdate(
  trx: Kysely<DB>,
  projectId: number,
): Promise<RecentIssue[] | null> {
  const row = await trx
    .selectFrom('project_recent_issues')
    .select('issues')
    .where('project_id', '=', projectId)
    .forUpdate()
    .executeTakeFirst();
  return row ? readRecentIssues(row.issues) : null;
}
