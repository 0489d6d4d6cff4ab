import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The user's GitHub token, AES-256-GCM encrypted (see platform/crypto.ts); never leaves the server.
  await db.schema.alterTable('users').addColumn('github_token_encrypted', 'text').execute();

  // A session is known by the SHA-256 of its random id: the cookie holds the id, the table only its hash,
  // so reading the table does not let anyone act as a user. Ended sessions stay for a while so a request
  // carrying one is answered "expired" (403) rather than "anonymous" (401).
  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  // OAuth `state` values already exchanged: makes each state one-time across every node.
  await db.schema
    .createTable('oauth_used_states')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();

  // Each user's public repositories as GitHub last answered, shared by every node.
  await db.schema
    .createTable('github_repo_cache')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('repos', 'jsonb', (col) => col.notNull())
    .addColumn('fetched_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('github_repo_cache').execute();
  await db.schema.dropTable('oauth_used_states').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.alterTable('users').dropColumn('github_token_encrypted').execute();
}
