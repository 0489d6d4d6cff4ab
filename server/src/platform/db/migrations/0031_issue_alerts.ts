import { sql, type Kysely } from 'kysely';

/**
 * Fresh to the minute. The finder's count of the issues its freshness rule leaves out reads one index of the
 * quiet projects' open issues. Alerts: a user's saved finder searches ("tell me about new issues like these"),
 * each with its filters as columns, and its match keys (see server/src/alerts/match-keys.ts) in a table of
 * their own, so a new issue finds its candidate searches by index; the matches waiting for the search's next alert (at most
 * one an hour); and on a notification, how many issues it tells of and the finder's query that shows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Open, not archived issues by their project's last push: the quiet ones are a range of it. It carries every
  // column the finder filters on, so the finder's hidden count is an index-only scan whatever the filters.
  await sql`create index issues_quiet_idx on issues (project_pushed_at)
    include (project_language, project_topics, label_names, github_taken_until, claimed_until,
             project_median_hours, updated_at, project_id)
    where open and not project_archived`.execute(db);

  await db.schema
    .createTable('issue_alerts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // What the alert is called in the bell and the mail: "TypeScript, good first issue".
    .addColumn('name', 'text', (col) => col.notNull())
    // The finder's filters (see contracts/src/issues.ts): empty arrays and nulls filter nothing.
    .addColumn('languages', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('topics', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('label', 'text')
    .addColumn('not_taken', 'boolean', (col) => col.notNull())
    .addColumn('answers_within_week', 'boolean', (col) => col.notNull())
    .addColumn('updated_within_days', 'integer')
    .addColumn('project_id', 'bigint', (col) => col.references('projects.id').onDelete('cascade'))
    .addColumn('include_quiet', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // When the alert last told its user (null: never): at most one alert an hour.
    .addColumn('notified_at', 'timestamptz')
    .execute();
  await sql`create index issue_alerts_user_idx on issue_alerts (user_id, id)`.execute(db);

  // An alert's match keys (server/src/alerts/match-keys.ts), one row each, with the filters a key leaves to check
  // beside it: a new issue reads its candidate alerts, and checks them, in one index-only range of the primary
  // key, never visiting the alerts themselves.
  await db.schema
    .createTable('issue_alert_keys')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('alert_id', 'bigint', (col) => col.notNull().references('issue_alerts.id').onDelete('cascade'))
    .addColumn('topics', sql`text[]`, (col) => col.notNull())
    .addColumn('not_taken', 'boolean', (col) => col.notNull())
    .addColumn('answers_within_week', 'boolean', (col) => col.notNull())
    .addColumn('include_quiet', 'boolean', (col) => col.notNull())
    .addColumn('updated_within_days', 'integer')
    .execute();
  await sql`alter table issue_alert_keys add constraint issue_alert_keys_pkey primary key (key, alert_id)
    include (topics, not_taken, answers_within_week, include_quiet, updated_within_days)`.execute(db);
  await sql`create index issue_alert_keys_alert_idx on issue_alert_keys (alert_id)`.execute(db);

  await db.schema
    .createTable('issue_alert_matches')
    .addColumn('alert_id', 'bigint', (col) => col.notNull().references('issue_alerts.id').onDelete('cascade'))
    .addColumn('issue_id', 'bigint', (col) => col.notNull().references('issues.id').onDelete('cascade'))
    .addColumn('matched_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('issue_alert_matches_pkey', ['alert_id', 'issue_id'])
    .execute();
  // An issue's deletion finds its rows without reading every alert's.
  await sql`create index issue_alert_matches_issue_idx on issue_alert_matches (issue_id)`.execute(db);

  await db.schema
    .alterTable('notifications')
    .addColumn('issue_count', 'integer')
    .addColumn('finder_query', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('finder_query').dropColumn('issue_count').execute();
  await db.schema.dropTable('issue_alert_matches').execute();
  await db.schema.dropTable('issue_alert_keys').execute();
  await db.schema.dropTable('issue_alerts').execute();
  await sql`drop index issues_quiet_idx`.execute(db);
}
