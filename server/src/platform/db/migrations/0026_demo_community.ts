import { sql, type Kysely } from 'kysely';

/**
 * The demo community (catalog/demo-community.ts): groups and people a fresh local install shows around its demo
 * projects, marked so the site says they are demo and so an import or a sync can remove them all. The partial
 * indexes keep that removal, which every import and sync batch runs, to the few marked rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('group_projects')
    .addColumn('is_demo', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_demo', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`create index group_projects_demo_idx on group_projects (id) where is_demo`.execute(db);
  await sql`create index users_demo_idx on users (id) where is_demo`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_demo_idx`.execute(db);
  await sql`drop index if exists group_projects_demo_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('is_demo').execute();
  await db.schema.alterTable('group_projects').dropColumn('is_demo').execute();
}
