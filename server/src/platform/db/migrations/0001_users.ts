import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('github_id', 'bigint', (col) => col.notNull().unique())
    .addColumn('login', 'text', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // GitHub logins are case-insensitive and unique; lookups by login (membership requests name users by it)
  // must use this index.
  await sql`create unique index users_login_lower_idx on users (lower(login))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
