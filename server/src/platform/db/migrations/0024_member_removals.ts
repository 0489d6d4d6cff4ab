import { sql, type Kysely } from 'kysely';

/**
 * Removal bars: a member the owner removed cannot come back (by joining, asking or an invite link) until the owner
 * allows them back, which deletes the row. One row per group and person; removing again refreshes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_removals')
    .addColumn('group_id', 'bigint', (col) =>
      col.notNull().references('group_projects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('removed_by', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('removed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_removals_pkey', ['group_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_removals').execute();
}
