import { sql, type Kysely } from 'kysely';

/**
 * Who each mentor is helping: a newcomer who asked the project's mentors and whose question reached this mentor,
 * with when they last asked. A mentor's newcomers "at a time" are those who asked within the last
 * MENTOR_NEWCOMER_DAYS (contracts/src/mentors.ts); a mentor with as many as they take is not told of more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mentor_newcomers')
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('mentor_id', 'bigint', (col) => col.notNull())
    .addColumn('newcomer_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_asked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mentor_newcomers_pkey', ['project_id', 'mentor_id', 'newcomer_id'])
    // Stepping down (or the project's removal) ends the mentoring.
    .addForeignKeyConstraint(
      'mentor_newcomers_mentor_fkey',
      ['project_id', 'mentor_id'],
      'project_mentors',
      ['project_id', 'user_id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
  // A newcomer's deletion finds their rows without reading every mentor's.
  await db.schema
    .createIndex('mentor_newcomers_newcomer_idx')
    .on('mentor_newcomers')
    .column('newcomer_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mentor_newcomers').execute();
}
