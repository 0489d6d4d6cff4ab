import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per catalogue sync run: what it did and the API budget it left, for the operator and for the next
  // run (which resumes the cycle of an interrupted run and knows when GitHub's limit resets).
  await db.schema
    .createTable('sync_runs')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // When the cycle this run belongs to began: its own start, or that of the interrupted run it resumes.
    // Projects already tried since then are not tried again until a new cycle.
    .addColumn('cycle_started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('running')
        .check(sql`status in ('running', 'completed', 'interrupted', 'failed')`),
    )
    .addColumn('projects_total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('projects_synced', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('projects_failed', 'integer', (col) => col.notNull().defaultTo(0))
    // GitHub counts REST requests and GraphQL points separately: both budgets are kept.
    .addColumn('github_remaining', 'integer')
    .addColumn('github_reset_at', 'timestamptz')
    .addColumn('github_graphql_remaining', 'integer')
    .addColumn('github_graphql_reset_at', 'timestamptz')
    .addColumn('ecosystems_remaining', 'integer')
    // Why the run stopped early or failed; null when it completed.
    .addColumn('error', 'text')
    // An interrupted run's successor waits until then (GitHub's rate limit resets).
    .addColumn('resume_after', 'timestamptz')
    .execute();
  await sql`create index sync_runs_started_at_idx on sync_runs (started_at desc, id desc)`.execute(db);

  // What went wrong for which project in a run. kind: 'unreachable' (GitHub has no such repository),
  // 'github' (GitHub failed for it: its figures are not, or not all, refreshed), 'ecosystems' (used-by kept).
  await db.schema
    .createTable('sync_failures')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('run_id', 'bigint', (col) => col.notNull().references('sync_runs.id').onDelete('cascade'))
    // Kept when the project is later removed: the repository name says which it was.
    .addColumn('project_id', 'bigint', (col) => col.references('projects.id').onDelete('set null'))
    .addColumn('repo_ext', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('unreachable', 'github', 'ecosystems')`),
    )
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sync_failures_run_idx').on('sync_failures').column('run_id').execute();
  await db.schema.createIndex('sync_failures_project_idx').on('sync_failures').column('project_id').execute();

  await db.schema
    .alterTable('projects')
    // The ETag of the contributors answer: the next sync revalidates it, and a 304 costs no rate limit.
    .addColumn('contributors_etag', 'text')
    // Since when GitHub answers NOT_FOUND for the repository (deleted, made private, taken down); null once
    // it answers again.
    .addColumn('unreachable_at', 'timestamptz')
    // When a sync last tried the project, successfully or not: a resumed run skips what its cycle already
    // tried, so a failing repository is not retried on every resume.
    .addColumn('sync_attempted_at', 'timestamptz')
    .execute();
  // The sync's reading order: never synced first, then the stalest.
  await sql`create index projects_last_synced_at_idx on projects (last_synced_at nulls first, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('projects_last_synced_at_idx').execute();
  await db.schema
    .alterTable('projects')
    .dropColumn('sync_attempted_at')
    .dropColumn('unreachable_at')
    .dropColumn('contributors_etag')
    .execute();
  await db.schema.dropTable('sync_failures').execute();
  await db.schema.dropTable('sync_runs').execute();
}
