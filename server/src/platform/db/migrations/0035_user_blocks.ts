import { sql, type Kysely } from 'kysely';

/**
 * Blocks between people: the blocker no longer hears from the blocked user (no requests, joins or invite
 * links into the blocker's groups, no notifications they cause, their messages folded away). One row per pair.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_blocks_pkey', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('user_blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  // "Who blocked this person" is asked on every notification they cause.
  await db.schema.createIndex('user_blocks_blocked_idx').on('user_blocks').column('blocked_id').execute();
  // The join-request limits count a user's pending and recent requests.
  await db.schema
    .createIndex('group_join_requests_user_created_idx')
    .on('group_join_requests')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('group_join_requests_user_created_idx').execute();
  await db.schema.dropTable('user_blocks').execute();
}
