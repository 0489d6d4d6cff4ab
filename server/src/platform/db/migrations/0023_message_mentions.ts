import type { Kysely } from 'kysely';

/**
 * Who each message has told of a mention: a person is told once per message, whatever its edits (a mention
 * kept, removed and put back, or only re-cased, tells no one again). Gone with the message or the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_mentions')
    .addColumn('message_id', 'bigint', (col) => col.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('message_mentions_pkey', ['message_id', 'user_id'])
    .execute();
  // A user's deletion finds their rows without reading every message's.
  await db.schema.createIndex('message_mentions_user_idx').on('message_mentions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_mentions').execute();
}
