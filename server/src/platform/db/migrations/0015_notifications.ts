import { sql, type Kysely } from 'kysely';

/**
 * In-app notifications, and the owner's note on a decided join request.
 *
 * A notification names what it is about by id (a group, a project request) without a foreign key, and keeps
 * the object's title as it was (`subject`): "a moderator deleted your group X" must outlive the group. Rows
 * older than 90 days are pruned in batches by each node (notifications/pruning.ts); reads ignore them before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('recipient_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Checked by the contracts, not here: a new kind needs no migration.
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('group_id', 'bigint')
    .addColumn('project_request_id', 'bigint')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  // "My latest", newest first, paged by id.
  await sql`create index notifications_recipient_idx on notifications (recipient_id, id desc)`.execute(db);
  // "My unread count": only the unread rows are in it, so a count reads a few entries.
  await sql`create index notifications_unread_idx on notifications (recipient_id) where read_at is null`.execute(
    db,
  );
  // The prune's batch: the oldest rows first.
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();

  // The owner's optional note when approving or declining a request to join, shown to the requester.
  await db.schema.alterTable('group_join_requests').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_join_requests').dropColumn('note').execute();
  await db.schema.dropTable('notifications').execute();
}
