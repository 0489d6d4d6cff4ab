import { sql, type Kysely } from 'kysely';

/**
 * A project's page: who said "I'd like to contribute here" (one row per project and person; off by default, so
 * no row), and an index that finds the groups around a repository (their `repo_ext` compared ignoring case, as
 * GitHub compares names) without reading every group.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_contributors')
    .addColumn('project_id', 'bigint', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_contributors_pkey', ['project_id', 'user_id'])
    .execute();
  await sql`create index project_contributors_user_idx on project_contributors (user_id)`.execute(db);
  await sql`create index group_projects_repo_idx on group_projects (lower(repo_ext), date_posted desc, id desc)
    where repo_ext is not null and hidden_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index group_projects_repo_idx`.execute(db);
  await db.schema.dropTable('project_contributors').execute();
}
