import { sql, type Kysely } from 'kysely';

/**
 * Rechecks on view: when an issue's facts are older than half an hour, a view of it asks GitHub again, at most
 * once per issue per half hour and within an hourly budget shared by every node. `checked_at` says when a
 * recheck last asked (whatever GitHub answered); `issue_recheck_hours` counts the rechecks of each hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('issues').addColumn('checked_at', 'timestamptz').execute();
  await db.schema
    .createTable('issue_recheck_hours')
    // The hour's start (UTC, truncated to the hour).
    .addColumn('hour', 'timestamptz', (col) => col.primaryKey())
    .addColumn('used', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`used >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('issue_recheck_hours').execute();
  await db.schema.alterTable('issues').dropColumn('checked_at').execute();
}
