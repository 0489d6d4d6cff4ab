import { sql, type Kysely } from 'kysely';

/**
 * Notification email, one row per user who gave an address. `digest_after_id` is the last notification a
 * digest carried (or that was already there when mail was turned on): the next digest starts after it.
 * `lease_until` lets one node at a time send a user's digest without a lock held while the mail server talks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_settings')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('digest', 'text', (col) =>
      col
        .notNull()
        .defaultTo('daily')
        .check(sql`digest in ('instant', 'daily', 'off')`),
    )
    .addColumn('digest_after_id', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_digest_at', 'timestamptz')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The digest round's question: whose mail is on and confirmed.
  await sql`create index mail_settings_due_idx on mail_settings (digest, last_digest_at)
    where confirmed_at is not null and digest <> 'off'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_settings').execute();
}
