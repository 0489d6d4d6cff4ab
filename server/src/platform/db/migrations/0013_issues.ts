import { sql, type Kysely } from 'kysely';

/**
 * The issue finder: the open beginner issues the sync reads for every project, what says whether someone is on
 * each (assignee, linked pull request, claim comment, claims on OpenLFG), and each project's maintainer
 * responsiveness.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    // The median hours from an issue's creation to a maintainer's first comment over the project's 30 most
    // recent issues (null: none had one), and when the sync last measured it (null: never).
    .addColumn('maintainer_median_hours', 'real')
    .addColumn('responsiveness_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('issues')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('project_id', 'bigint', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    // [{ name, color }] as GitHub gives them, and their names in lower case for the label filter.
    .addColumn('labels', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('label_names', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    // GitHub's dates for the issue.
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('comments', 'integer', (col) => col.notNull().defaultTo(0))
    // The signals of someone on it, each with its start: an assignee, an open linked pull request, a claim
    // comment by someone other than a maintainer (counted for 14 days from its date).
    .addColumn('assignee', 'text')
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('pull_request_number', 'integer')
    .addColumn('pull_request_url', 'text')
    .addColumn('pull_request_by', 'text')
    .addColumn('pull_request_at', 'timestamptz')
    .addColumn('claim_comment_by', 'text')
    .addColumn('claim_comment_at', 'timestamptz')
    // Until when GitHub's signals count the issue as taken ('infinity' for an assignee or a pull request, the
    // claim comment's date plus 14 days, '-infinity' when free), and until when a claim on OpenLFG does (the
    // latest expiry of its claims): "not taken" is both in the past, with no join.
    .addColumn('github_taken_until', 'timestamptz', (col) => col.notNull().defaultTo(sql`'-infinity'`))
    .addColumn('claimed_until', 'timestamptz', (col) => col.notNull().defaultTo(sql`'-infinity'`))
    // False once the sync no longer finds it open with a beginner label (closed, or relabelled); kept so a
    // claim of it is told so, and its claims end.
    .addColumn('open', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('left_at', 'timestamptz')
    .addColumn('is_demo', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('synced_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The project's fields the finder filters and ranks on, copied by the triggers below so every filter is
    // a walk of one table's index.
    .addColumn('project_language', 'text')
    .addColumn('project_topics', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('project_archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('project_pushed_at', 'timestamptz')
    .addColumn('project_median_hours', 'real')
    .execute();
  await sql`create unique index issues_project_number_idx on issues (project_id, number)`.execute(db);
  // One index per sort of the finder, in its exact order (id the tie-break), over open issues only. The newest
  // walks carry the columns of the default filters and of best for you's score, so those walks (and best for
  // you's windows) are index-only: no heap visit for the rows a filter passes over.
  await sql`create index issues_newest_idx on issues (created_at desc, id desc)
    include (project_language, project_topics, project_archived, project_pushed_at, github_taken_until,
             claimed_until)
    where open`.execute(db);
  await sql`create index issues_updated_idx on issues (updated_at desc, id desc) where open`.execute(db);
  await sql`create index issues_fewest_comments_idx on issues (comments, created_at desc, id desc) where open`.execute(
    db,
  );
  // The language filter and best for you's language windows: the newest issues of one language.
  await sql`create index issues_language_newest_idx on issues (project_language, created_at desc, id desc)
    include (project_topics, project_archived, project_pushed_at, github_taken_until, claimed_until)
    where open`.execute(db);

  // The project's fields, copied when an issue is written and whenever the project's change.
  await sql`
    create function issues_copy_project() returns trigger language plpgsql as $$
    begin
      select p.language, p.topics, p.archived, p.last_push_at, p.maintainer_median_hours
        into new.project_language, new.project_topics, new.project_archived, new.project_pushed_at,
             new.project_median_hours
        from projects p where p.id = new.project_id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger issues_copy_project before insert or update of project_id on issues
    for each row execute function issues_copy_project()`.execute(db);
  await sql`
    create function projects_copy_to_issues() returns trigger language plpgsql as $$
    begin
      update issues set project_language = new.language, project_topics = new.topics,
                        project_archived = new.archived, project_pushed_at = new.last_push_at,
                        project_median_hours = new.maintainer_median_hours
        where project_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger projects_copy_to_issues after update on projects
    for each row when (
      old.language is distinct from new.language or old.topics is distinct from new.topics
      or old.archived is distinct from new.archived or old.last_push_at is distinct from new.last_push_at
      or old.maintainer_median_hours is distinct from new.maintainer_median_hours)
    execute function projects_copy_to_issues()`.execute(db);

  // Claims on OpenLFG ("I'm working on this"): one per user per issue; active while expires_at is ahead.
  await db.schema
    .createTable('issue_claims')
    .addColumn('issue_id', 'bigint', (col) => col.notNull().references('issues.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('claimed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('issue_claims_pk', ['issue_id', 'user_id'])
    .execute();
  await sql`create index issue_claims_user_idx on issue_claims (user_id, expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('issue_claims').execute();
  await sql`drop trigger projects_copy_to_issues on projects`.execute(db);
  await sql`drop function projects_copy_to_issues()`.execute(db);
  await db.schema.dropTable('issues').execute();
  await sql`drop function issues_copy_project()`.execute(db);
  await db.schema
    .alterTable('projects')
    .dropColumn('responsiveness_at')
    .dropColumn('maintainer_median_hours')
    .execute();
}
