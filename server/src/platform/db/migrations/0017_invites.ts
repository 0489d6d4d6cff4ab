import { sql, type Kysely } from 'kysely';

/**
 * The owner's optional question to people asking to join, the message a request answers it with, and invite
 * links. An invite's secret is stored only as its SHA-256 (looked up by the invite's id, compared in constant
 * time) and sealed under the session secret, so the owner can copy the link again while a copy of the database
 * alone lets nobody in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_projects').addColumn('join_question', 'text').execute();
  await db.schema.alterTable('group_join_requests').addColumn('message', 'text').execute();
  await db.schema
    .createTable('group_invites')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('group_id', 'bigint', (col) =>
      col.notNull().references('group_projects.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('max_uses', 'integer', (col) => col.check(sql`max_uses is null or max_uses >= 1`))
    .addColumn('uses', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`uses >= 0 and (max_uses is null or uses <= max_uses)`),
    )
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('group_invites_group_idx').on('group_invites').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_invites').execute();
  await db.schema.alterTable('group_join_requests').dropColumn('message').execute();
  await db.schema.alterTable('group_projects').dropColumn('join_question').execute();
}
