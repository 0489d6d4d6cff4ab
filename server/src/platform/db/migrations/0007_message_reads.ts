import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The newest message of the group's board a member has read: unread counts on "My groups" are the messages
  // after it. Kept on the membership, so leaving the group forgets it.
  await db.schema.alterTable('group_members').addColumn('last_read_message_id', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_members').dropColumn('last_read_message_id').execute();
}
