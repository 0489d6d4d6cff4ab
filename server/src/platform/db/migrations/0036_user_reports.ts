import { sql, type Kysely } from 'kysely';

/**
 * Reports on people (beside reports on groups) and account suspensions: a suspended account is signed out
 * and refused at sign-in with the moderator's reason, until a moderator lifts it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_reports')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reporter_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'dismissed', 'actioned')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('user_reports_open_idx')
    .on('user_reports')
    .columns(['user_id', 'created_at'])
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('suspension_reason', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('suspended_at').dropColumn('suspension_reason').execute();
  await db.schema.dropTable('user_reports').execute();
}
