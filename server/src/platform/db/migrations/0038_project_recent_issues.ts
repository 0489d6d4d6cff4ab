import type { Kysely } from 'kysely';

/**
 * What a project's maintainer responsiveness (projects.maintainer_median_hours) is the median of: its most recent
 * issues, each with when it was opened and when a maintainer first answered it (JSON, newest first, at most
 * RESPONSIVENESS_SAMPLE). The sync replaces it on each read; an `issue_comment` delivery by a maintainer adds its
 * answer, so the median moves between syncs. A table of its own keeps the projects' rows, which every list
 * reads, narrow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_recent_issues')
    .addColumn('project_id', 'bigint', (col) =>
      col.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('issues', 'jsonb', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_recent_issues').execute();
}
