import { sql, type Kysely } from 'kysely';

/**
 * Mentors: signed-in users who volunteer to help newcomers on a project (what with, how many at a time), until
 * they step down. `mentor_asks` counts each user's questions to mentors, for the per-user limit on asking.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_mentors')
    .addColumn('project_id', 'bigint', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('help_with', 'text', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull().check(sql`capacity between 1 and 20`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_mentors_pkey', ['project_id', 'user_id'])
    .execute();
  // A user's deletion finds their rows without reading every project's.
  await db.schema.createIndex('project_mentors_user_idx').on('project_mentors').column('user_id').execute();

  await db.schema
    .createTable('mentor_asks')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'bigint', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('message_id', 'bigint', (col) => col.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('mentors_told', 'integer', (col) => col.notNull())
    .addColumn('asked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('mentor_asks_user_idx')
    .on('mentor_asks')
    .columns(['user_id', 'asked_at'])
    .execute();
  await db.schema.createIndex('mentor_asks_project_idx').on('mentor_asks').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mentor_asks').execute();
  await db.schema.dropTable('project_mentors').execute();
}
