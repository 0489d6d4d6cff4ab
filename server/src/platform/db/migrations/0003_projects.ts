import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('repo_ext', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('language', 'text')
    .addColumn('topics', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('stars', 'integer')
    .addColumn('forks', 'integer')
    .addColumn('contributors', 'integer')
    .addColumn('used_by', 'integer')
    .addColumn('saves', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`saves >= 0`),
    )
    .addColumn('open_issues', 'integer')
    .addColumn('beginner_issues', 'integer')
    .addColumn('license', 'text')
    .addColumn('last_push_at', 'timestamptz')
    .addColumn('archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_demo', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('source', 'text')
    .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_synced_at', 'timestamptz')
    .execute();
  // GitHub names are case-insensitive: one row per repository however it was spelled.
  await sql`create unique index projects_repo_key_idx on projects (lower(repo_ext))`.execute(db);
  // One index per sort the list offers, in the list's exact order (nulls last, id as the stable tie-break),
  // so every page is an index walk rather than a sort of the whole catalogue.
  await sql`create index projects_contributors_desc_idx on projects (contributors desc nulls last, id)`.execute(
    db,
  );
  await sql`create index projects_contributors_asc_idx on projects (contributors asc nulls last, id)`.execute(
    db,
  );
  await sql`create index projects_name_idx on projects (lower(name), id)`.execute(db);
  await sql`create index projects_used_by_desc_idx on projects (used_by desc nulls last, id)`.execute(db);
  await sql`create index projects_used_by_asc_idx on projects (used_by asc nulls last, id)`.execute(db);
  await sql`create index projects_saves_desc_idx on projects (saves desc, id)`.execute(db);
  await sql`create index projects_topics_idx on projects using gin (topics)`.execute(db);
  await sql`create index projects_language_idx on projects (language)`.execute(db);
  await sql`create index projects_added_at_idx on projects (added_at)`.execute(db);

  await db.schema
    .createTable('project_saves')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'bigint', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_saves_pk', ['user_id', 'project_id'])
    .execute();
  await db.schema.createIndex('project_saves_project_idx').on('project_saves').column('project_id').execute();

  // Requests to add a repository: one pending request per repository, however many users ask.
  await db.schema
    .createTable('project_requests')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('repo_ext', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decision_reason', 'text')
    .execute();
  await sql`create unique index project_requests_pending_idx on project_requests (lower(repo_ext)) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createTable('project_request_requesters')
    .addColumn('request_id', 'bigint', (col) =>
      col.notNull().references('project_requests.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_request_requesters_pk', ['request_id', 'user_id'])
    .execute();

  // The open issues of a project as GitHub last answered, with the ETags for conditional requests.
  await db.schema
    .createTable('project_issue_cache')
    .addColumn('project_id', 'bigint', (col) =>
      col.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('issues', 'jsonb', (col) => col.notNull())
    .addColumn('issues_etag', 'text')
    .addColumn('pulls_etag', 'text')
    .addColumn('linked_issue_numbers', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'`))
    .addColumn('fetched_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'project_issue_cache',
    'project_request_requesters',
    'project_requests',
    'project_saves',
    'projects',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
