import type { Kysely } from 'kysely';

/** When the owner last edited a group (null: never), shown as "edited" on its card and page. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_projects').addColumn('edited_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_projects').dropColumn('edited_at').execute();
}
