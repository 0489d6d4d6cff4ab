import { sql, type Kysely } from 'kysely';

/**
 * Messages can be edited by their author and deleted by their author, the group's owner or a moderator. A
 * deletion blanks the body in the same update (the text is gone from the database, not only hidden) and keeps
 * the row, so ids, history paging, read marks and unread counts stay as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('edited_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // A deleted message keeps no text: the database refuses a deletion that leaves its body behind.
  await sql`alter table messages add constraint messages_deleted_blank check (deleted_at is null or body = '')`.execute(
    db,
  );
  // The changed messages of a room by the time of their last change (a deletion comes after any edit): what a
  // client that lost its socket missed, found without reading the room's unchanged messages.
  await sql`create index messages_changed_idx on messages (room, (coalesce(deleted_at, edited_at)))
    where coalesce(deleted_at, edited_at) is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index messages_changed_idx`.execute(db);
  await sql`alter table messages drop constraint messages_deleted_blank`.execute(db);
  await db.schema
    .alterTable('messages')
    .dropColumn('deleted_by')
    .dropColumn('deleted_at')
    .dropColumn('edited_at')
    .execute();
}
